import LocSimSupport

/// A circular region to monitor (`--region ID=lat,lon,radius`), like `CLCircularRegion`.
public struct RegionSpec: Sendable, Hashable {
    /// The region's identifier (`CLRegion.identifier`): not empty, no `=`.
    public var id: String
    /// Centre latitude and longitude, degrees.
    public var latitude: Double
    public var longitude: Double
    /// Radius, metres > 0.
    public var radius: Double

    public init(id: String, latitude: Double, longitude: Double, radius: Double) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }

    /// Parses `ID=lat,lon,radius` (latitude in [−90, 90], longitude in [−180, 180], radius > 0).
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let id = String(argument[..<equals]).trimmingBlanks()
        let numbers = argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { Double(String($0).trimmingBlanks()) }
        guard !id.isEmpty, numbers.count == 3, let lat = numbers[0], let lon = numbers[1], let radius = numbers[2],
            (-90...90).contains(lat), (-180...180).contains(lon), radius.isFinite, radius > 0
        else { return nil }
        self.init(id: id, latitude: lat, longitude: lon, radius: radius)
    }

    /// The command-line spelling.
    public var argument: String { "\(id)=\(latitude),\(longitude),\(radius)" }
}
