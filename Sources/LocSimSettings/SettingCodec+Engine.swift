import LocSimCanonicalJSON
public import LocSimGPX
public import LocSimGeocoding
public import LocSimLocationCore
public import LocSimPluginOptions

extension SettingCodec where Value == DesiredAccuracy {
    /// A `desiredAccuracy` name or a number of metres (0.001 to 20,000,000 on the command line,
    /// where beyond these bounds a radius is meaningless; positive in a scenario).
    public static let desiredAccuracy = SettingCodec<DesiredAccuracy>(
        expected: "a desiredAccuracy name or metres from 0.001 to 20000000",
        parse: { argument in
            guard let accuracy = DesiredAccuracy(argument: argument) else { return nil }
            return (0.001...20_000_000).contains(accuracy.radius) ? accuracy : nil
        },
        read: { json, path in
            switch json {
            case .number(let literal):
                if let metres = Double(literal), metres.isFinite, metres > 0 { return .success(.metres(metres)) }
            case .string(let text):
                if let accuracy = DesiredAccuracy(argument: text), !accuracy.isMetres { return .success(accuracy) }
            default: break
            }
            let names = DesiredAccuracy.names
            let given: String? = if case .string(let text) = json { text } else { nil }
            return .failure(
                SettingProblem(
                    "'\(path)' must be one of \(quoted(names)) or a positive number of metres, got \(describe(json))",
                    given: given, candidates: names))
        },
        write: { accuracy in
            if case .metres(let metres) = accuracy { return .double(metres) }
            return .string(accuracy.argument)
        },
        text: \.argument)
}

extension SettingCodec where Value == DistanceFilter {
    /// Metres ≥ 0, or `none`.
    public static let distanceFilter = SettingCodec<DistanceFilter>(
        expected: "a number of metres or 'none'", parse: { DistanceFilter(argument: $0) },
        read: { json, path in
            switch json {
            case .string("none"): return .success(.none)
            case .number(let literal):
                if let metres = Double(literal), metres.isFinite, metres >= 0 { return .success(.metres(metres)) }
            default: break
            }
            return .failure(
                SettingProblem("'\(path)' must be a number of metres (0 or more) or \"none\", got \(describe(json))"))
        },
        write: { filter in
            if case .metres(let metres) = filter { return .double(metres) }
            return .string("none")
        },
        text: \.argument)
}

extension SettingCodec where Value == AuthorizationStatus {
    /// `always`, `when-in-use`, `denied`, `restricted`, `not-determined`.
    public static let authorization = SettingCodec.named(
        expected: "an authorization status", names: AuthorizationStatus.allCases.map(\.argument),
        parse: { AuthorizationStatus(argument: $0) }, text: \.argument)
}

extension SettingCodec where Value == GPXPointKind {
    /// `wpt`, `rte`, `trk`.
    public static let source = SettingCodec.named(
        expected: "wpt, rte or trk", names: GPXPointKind.sourceArguments, parse: { GPXPointKind(sourceArgument: $0) },
        text: \.sourceArgument)
}

extension SettingCodec where Value == GeocodeLimit {
    /// `N/S`: N requests in any S seconds.
    public static let geocodeLimit = SettingCodec<GeocodeLimit>(
        expected: "n/s, e.g. 50/60", parse: { GeocodeLimit(argument: $0) },
        read: { json, path in
            if case .string(let text) = json, let limit = GeocodeLimit(argument: text) { return .success(limit) }
            return .failure(
                SettingProblem(
                    "'\(path)' must be \"N/S\" (N ≥ 1 requests in any S seconds, e.g. \"50/60\"), got \(describe(json))"
                ))
        },
        write: { .string($0.argument) }, text: \.argument)
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

extension DesiredAccuracy {
    /// The named values, in documentation order.
    public static let names = [
        "best-for-navigation", "best", "nearest-ten-meters", "hundred-meters", "kilometer", "three-kilometers",
        "reduced",
    ]

    var isMetres: Bool {
        if case .metres = self { return true }
        return false
    }
}
