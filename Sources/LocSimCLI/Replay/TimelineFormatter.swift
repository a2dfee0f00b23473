import LocSimCanonicalJSON
import LocSimSimulation
import LocSimSupport

/// The `--format text` view of a transcript: one aligned line per event, for people.
struct TimelineFormatter {
    /// Whether to colour event names (stdout is a terminal and colour is allowed).
    var color: Bool

    /// Names and places come from providers and cassettes: interpolated into ``TerminalText``,
    /// their control characters are shown, not sent.
    func line(_ line: TranscriptLine) -> TerminalText {
        let info = line.notification.userInfo
        let time = formatFixed(line.t, decimals: 3)
        let paddedTime = String(repeating: " ", count: max(0, 10 - time.count)) + time
        let rawName = line.notification.name.rawValue
        let name = TerminalText(rawName)
        let padding = String(repeating: " ", count: max(1, 20 - name.rendered.count))
        let paddedName: TerminalText = "\(name)\(padding)"
        let shownName = color ? .styled(paddedName, colorCode(rawName)) : paddedName
        return "\(paddedTime)  \(shownName)\(details(name: rawName, info))\n"
    }

    private func details(name: String, _ info: [String: String]) -> String {
        func value(_ key: String) -> String { info[key] ?? "?" }
        switch name {
        case "authorization": return "\(value("name")) (\(value("status")))"
        case "location":
            return "\(value("latitude")), \(value("longitude"))  ±\(value("horizontalAccuracy")) m"
                + (info["timestamp"].map { "  \($0)" } ?? "")
        case "LOCATION_AVAILABLE": return "\(value("city")), \(value("state")), \(value("country"))"
        case "ADVISORY_AVAILABLE": return "\(value("location")): \(value("name")) [\(value("provider"))]"
        case "no_advisory": return "\(value("location")): none [\(value("provider"))]"
        case "UMBRELLA_JUDGEMENT": return "\(value("location")): \(value("judgement")) (\(value("maxPop"))%)"
        case "CONDITIONS_AVAILABLE":
            let range = [info["high"].map { "high \($0)" }, info["low"].map { "low \($0)" }].compactMap { $0 }
            return "\(value("location")): \(value("condition")), \(value("temperature"))"
                + (range.isEmpty ? "" : " (" + range.joined(separator: ", ") + ")")
        case "push": return "\"\(value("alert"))\" sound \(value("sound"))"
        default:
            return info.keys.sorted().map { "\($0)=\(info[$0]!)" }.joined(separator: " ")
        }
    }

    private func colorCode(_ name: String) -> String {
        switch name {
        case "location": return "32"
        case "LOCATION_AVAILABLE": return "36"
        case "ADVISORY_AVAILABLE", "push": return "1;33"
        case "geocode_failed", "provider_error", "location_error": return "31"
        default: return "2"
        }
    }
}
