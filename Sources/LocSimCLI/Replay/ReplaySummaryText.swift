import LocSimCanonicalJSON
import LocSimGPX
import LocSimGeocoding
import LocSimReplay

/// The one-line summary `replay --format text` prints on stderr.
enum ReplaySummaryText {
    static func line(_ summary: ReplaySummary) -> String {
        let source = summary.source.map { "<\($0.rawValue)>" } ?? "no"
        let geocoding = summary.geocoding
        let points: Int
        switch summary.source {
        case .trackPoint: points = summary.file.trackPoints
        case .routePoint: points = summary.file.routePoints
        case .waypoint: points = summary.file.waypoints
        case nil: points = 0
        }
        return "replayed \(points) points (\(source) source) as \(summary.rawFixes) raw fixes; "
            + "\(summary.deliveredFixes) delivered; geocodes: \(geocoding.issued) issued, "
            + "\(geocoding.throttled) throttled, \(geocoding.cached) cached, \(geocoding.canceled) canceled; "
            + "\(summary.events) events over \(formatSeconds(summary.duration)) virtual s"
    }

    private static func formatSeconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : formatFixed(value, decimals: 3)
    }
}
