import LocSimCanonicalJSON

/// A run's transcript (docs/contract.md, Transcript): JSON Lines, one bus event per line, parsed for assertions.
///
/// ```swift
/// let pushes = transcript.events(named: .push)
/// #expect(pushes.first?.string("alert") == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
/// ```
/// ``text`` keeps the exact bytes, which is what golden comparisons use.
public struct Transcript: Sendable, Hashable {
    /// The transcript exactly as produced.
    public let text: String
    /// The parsed lines, in order.
    public let entries: [TranscriptEntry]

    /// Parses JSONL text: every non-final line must be a JSON object with a string `event`.
    /// A missing newline after the last line is accepted.
    ///
    /// - Throws: ``TranscriptError`` with the 1-based line (and column, for JSON syntax).
    public init(parsing text: String) throws(TranscriptError) {
        var entries: [TranscriptEntry] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            let json: JSONValue
            do {
                json = try JSONValue.parse(String(line))
            } catch {
                throw TranscriptError(line: number, column: error.column, message: error.message)
            }
            guard case .object = json else {
                throw TranscriptError(line: number, column: 1, message: "a transcript line must be a JSON object")
            }
            guard json["event"]?.stringValue != nil else {
                throw TranscriptError(line: number, column: 1, message: "missing string member 'event'")
            }
            entries.append(TranscriptEntry(line: number, text: String(line), json: json))
        }
        self.text = text
        self.entries = entries
    }

    /// The transcript of `lines`, each written as compact JSON and a newline.
    public init(lines: [TranscriptLine]) {
        var text = ""
        var entries: [TranscriptEntry] = []
        for (offset, line) in lines.enumerated() {
            let json = line.json
            let lineText = json.compact()
            text += lineText + "\n"
            entries.append(TranscriptEntry(line: offset + 1, text: lineText, json: json))
        }
        self.text = text
        self.entries = entries
    }

    /// The lines whose `event` is `name`, in order.
    public func events(named name: String) -> [TranscriptEntry] {
        entries.filter { $0.event == name }
    }

    /// The lines whose `event` is `name`, in order.
    public func events(named name: NotificationName) -> [TranscriptEntry] {
        events(named: name.rawValue)
    }

    /// The `event` of every line, in order (handy for asserting a sequence).
    public var eventNames: [String] { entries.map(\.event) }
}

/// A transcript that is not JSON Lines of event objects.
public struct TranscriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column within the line.
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}
