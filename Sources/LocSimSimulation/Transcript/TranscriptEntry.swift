public import LocSimCanonicalJSON

/// One parsed transcript line: `event`, `t` and the event's fields.
public struct TranscriptEntry: Sendable, Hashable {
    /// 1-based line number in the transcript.
    public let line: Int
    /// The line's text, without the newline.
    public let text: String
    /// The line's JSON object.
    public let json: JSONValue

    /// The event name (`push`, `LOCATION_AVAILABLE`, …).
    public var event: String { json["event"]?.stringValue ?? "" }

    /// Virtual seconds since the start of the run, when present.
    public var t: Double? { json["t"]?.doubleValue }

    /// The field `key`, or `nil`.
    public subscript(key: String) -> JSONValue? { json[key] }

    /// The field `key` when it is a string.
    public func string(_ key: String) -> String? { json[key]?.stringValue }

    /// The field `key` when it is a number.
    public func double(_ key: String) -> Double? {
        if case .number(let literal)? = json[key] { return Double(literal) }
        return nil
    }
}
