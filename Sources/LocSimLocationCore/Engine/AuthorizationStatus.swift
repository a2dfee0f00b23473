/// `CLAuthorizationStatus`, with its raw values.
public enum AuthorizationStatus: Int, Sendable, Hashable, CaseIterable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4

    /// The default, `always`.
    public static let `default` = AuthorizationStatus.authorizedAlways

    /// Parses `always`, `when-in-use`, `denied`, `restricted` or `not-determined`.
    public init?(argument: String) {
        switch argument {
        case "always": self = .authorizedAlways
        case "when-in-use": self = .authorizedWhenInUse
        case "denied": self = .denied
        case "restricted": self = .restricted
        case "not-determined": self = .notDetermined
        default: return nil
        }
    }

    /// The command-line spelling.
    public var argument: String {
        switch self {
        case .notDetermined: "not-determined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorizedAlways: "always"
        case .authorizedWhenInUse: "when-in-use"
        }
    }

    /// The Swift case name CoreLocation uses (`authorizedAlways`, …), for transcripts.
    public var name: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorizedAlways: "authorizedAlways"
        case .authorizedWhenInUse: "authorizedWhenInUse"
        }
    }

    /// Whether location updates flow (`always` or `when-in-use`; the replayed app is in use).
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}
