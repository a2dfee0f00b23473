/// Which GPX element a point came from, and which points a replay plays (`--source`).
public enum GPXPointKind: String, Sendable, Hashable, CaseIterable {
    case waypoint = "wpt"
    case routePoint = "rtept"
    case trackPoint = "trkpt"

    /// Parses a `--source` / `playback.source` value: `wpt`, `rte` or `trk`.
    public init?(sourceArgument: String) {
        switch sourceArgument {
        case "wpt": self = .waypoint
        case "rte": self = .routePoint
        case "trk": self = .trackPoint
        default: return nil
        }
    }

    /// The `--source` spelling: `wpt`, `rte` or `trk`.
    public var sourceArgument: String {
        switch self {
        case .waypoint: "wpt"
        case .routePoint: "rte"
        case .trackPoint: "trk"
        }
    }

    /// Every `--source` spelling, in documentation order.
    public static let sourceArguments = ["wpt", "rte", "trk"]
}
