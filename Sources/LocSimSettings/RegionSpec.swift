import CanonicalJSON
import LocSimSupport
public import SettingsTable

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

extension SettingCodec where Value == [RegionSpec] {
    /// `ID=lat,lon,radius` on the command line (repeatable, in order); an array of such strings
    /// in a scenario.
    public static let regions = SettingCodec<[RegionSpec]>(
        expected: "ID=lat,lon,radius (metres)",
        parse: { RegionSpec(argument: $0).map { [$0] } },
        read: { json, path in
            guard case .array(let elements) = json else {
                return .failure(SettingProblem("'\(path)' must be an array of \"ID=lat,lon,radius\" strings"))
            }
            var regions: [RegionSpec] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element, let region = RegionSpec(argument: text) else {
                    return .failure(
                        SettingProblem("'\(path)[\(index)]' must be \"ID=lat,lon,radius\", got \(describe(element))"))
                }
                regions.append(region)
            }
            return .success(regions)
        },
        write: { .array($0.map { .string($0.argument) }) },
        text: { $0.map(\.argument).joined(separator: " ") })
}
