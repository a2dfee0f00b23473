/// `CLLocationManager.distanceFilter`: the minimum move, in metres from the previously delivered
/// fix, before another fix is delivered.
public enum DistanceFilter: Sendable, Hashable {
    /// `kCLDistanceFilterNone`: every fix is delivered.
    case none
    /// Deliver a fix when it is at least this many metres (≥ 0) from the previously delivered one.
    case metres(Double)

    /// The default, 3000 m.
    public static let `default` = DistanceFilter.metres(3000)

    /// Parses `none` or a finite number of metres ≥ 0.
    public init?(argument: String) {
        if argument == "none" {
            self = .none
            return
        }
        guard let metres = Double(argument), metres.isFinite, metres >= 0 else { return nil }
        self = .metres(metres)
    }

    /// The command-line spelling.
    public var argument: String {
        switch self {
        case .none: "none"
        case .metres(let metres): metres == metres.rounded() && metres < 1e15 ? String(Int(metres)) : String(metres)
        }
    }

    /// The `CLLocationDistance` value an app would set (`kCLDistanceFilterNone` is −1).
    public var coreLocationValue: Double {
        switch self {
        case .none: -1
        case .metres(let metres): metres
        }
    }
}
