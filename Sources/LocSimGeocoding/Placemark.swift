/// A reverse-geocoded place, mirroring `CLPlacemark`. For US places `administrativeArea` is the
/// two-letter state code ("NY") and `country` the English name ("United States"), as CLGeocoder gives.
public struct Placemark: Sendable, Hashable, Codable {
    public var name: String?
    /// City ("Buffalo").
    public var locality: String?
    /// Neighbourhood ("Kenton").
    public var subLocality: String?
    /// State or region ("NY", "Osaka").
    public var administrativeArea: String?
    /// County ("Erie County").
    public var subAdministrativeArea: String?
    public var postalCode: String?
    /// English country name ("United States").
    public var country: String?
    /// ISO 3166-1 alpha-2 ("US").
    public var isoCountryCode: String?
    /// IANA time zone identifier, when known.
    public var timeZone: String?

    public init(
        name: String? = nil, locality: String? = nil, subLocality: String? = nil, administrativeArea: String? = nil,
        subAdministrativeArea: String? = nil, postalCode: String? = nil, country: String? = nil,
        isoCountryCode: String? = nil, timeZone: String? = nil
    ) {
        self.name = name
        self.locality = locality
        self.subLocality = subLocality
        self.administrativeArea = administrativeArea
        self.subAdministrativeArea = subAdministrativeArea
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.timeZone = timeZone
    }
}
