import LocSimCanonicalJSON
import LocSimLocationCore
import LocSimSupport

/// The text helpers the formats share: coordinates, instants, durations, shell comments (XML
/// escaping is `XMLEscaping`, shell quoting `ShellQuote`).
enum ExportText {
    /// A latitude or longitude with 6 decimals (~0.1 m), as the transcript writes them.
    static func degrees(_ value: Double) -> String { formatFixed(value, decimals: 6) }

    /// `epoch + t` as an ISO 8601 UTC timestamp (`…T13:00:46Z`, milliseconds when not whole).
    static func time(_ t: Double, epoch: Double) -> String {
        ISO8601Timestamp.format(epochSeconds: epoch + t) ?? "1970-01-01T00:00:00Z"
    }

    /// A number (seconds, metres) in the shortest form with at most 3 decimals: `1`, `0.5`, `12.125`.
    static func decimal(_ value: Double) -> String {
        var text = formatFixed(value, decimals: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `text` as an XML comment's content: escaped as character data, and without `--`, which a
    /// comment cannot hold (the second `-` of a pair is written `&#45;`).
    static func xmlComment(_ text: String) -> String {
        var result = ""
        for character in XMLEscaping.escape(text) {
            if character == "-", result.hasSuffix("-") { result += "&#45;" } else { result.append(character) }
        }
        return result
    }

    /// `text` as a shell comment line's content: no line breaks.
    static func comment(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
