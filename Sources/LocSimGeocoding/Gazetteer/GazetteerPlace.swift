public import LocSimLocationCore

/// One populated place of the gazetteer, decoded.
public struct GazetteerPlace: Sendable, Hashable {
    /// Place name as GeoNames gives it ("Buffalo").
    public var name: String
    /// First-level region as CLGeocoder names it ("NY", "ON", "Osaka", "England"), when known.
    public var administrativeArea: String?
    /// Second-level region ("Erie County"), when known.
    public var subAdministrativeArea: String?
    /// English country name ("United States").
    public var country: String
    /// ISO 3166-1 alpha-2 code ("US").
    public var isoCountryCode: String
    /// Position, to 1e-5 degree.
    public var coordinate: Coordinate
    public var population: Int

    public init(
        name: String, administrativeArea: String?, subAdministrativeArea: String?, country: String,
        isoCountryCode: String, coordinate: Coordinate, population: Int
    ) {
        self.name = name
        self.administrativeArea = administrativeArea
        self.subAdministrativeArea = subAdministrativeArea
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.coordinate = coordinate
        self.population = population
    }
}
