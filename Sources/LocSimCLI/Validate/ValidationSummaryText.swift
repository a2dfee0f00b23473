import LocSimCanonicalJSON
import LocSimGPX
import LocSimLocationCore
import LocSimSupport

/// The readable summary `validate` prints for a good file.
enum ValidationSummaryText {
    static func text(_ validation: GPXValidation, length: Double?) -> TerminalText {
        let summary = validation.summary
        // The file name is outside text: interpolated, its control characters (a line feed too) are shown.
        var lines: [TerminalText] = ["\(validation.file): valid"]
        lines.append(
            "  tracks: \(summary.tracks), segments: \(summary.segments), track points: \(summary.trackPoints)")
        lines.append("  routes: \(summary.routes), route points: \(summary.routePoints)")
        lines.append("  waypoints: \(summary.waypoints)")
        if let first = summary.earliestTime, let last = summary.latestTime,
            let from = ISO8601Timestamp.format(epochSeconds: first),
            let to = ISO8601Timestamp.format(epochSeconds: last)
        {
            lines.append("  time: \(from) – \(to) (\(duration(last - first)))")
        } else {
            lines.append("  time: untimed")
        }
        if let length {
            lines.append(
                "  length: \(length >= 1000 ? formatFixed(length / 1000, decimals: 2) + " km" : formatFixed(length, decimals: 1) + " m")"
            )
        }
        return lines.reduce("") { $0 + $1 + "\n" }
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        if hours > 0 { return "\(hours) h \(minutes) min \(secs) s" }
        if minutes > 0 { return "\(minutes) min \(secs) s" }
        return "\(secs) s"
    }
}
