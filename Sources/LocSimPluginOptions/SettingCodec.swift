public import LocSimCanonicalJSON
import LocSimSupport

/// How one kind of setting value is read from a command-line argument and from `scenario.json`,
/// and written back: one codec per value type, shared by every setting of that type.
public struct SettingCodec<Value>: Sendable {
    /// What a valid command-line value is, for "Expected …" (`a number of seconds ≥ 0`).
    public let expected: String
    /// The value of a command-line argument, or `nil` when it is not valid.
    package let parse: @Sendable (String) -> Value?
    /// The value of a JSON member at `path`, or the problem with it.
    package let read: @Sendable (JSONValue, String) -> Result<Value, SettingProblem>
    /// The JSON a scenario file stores.
    package let write: @Sendable (Value) -> JSONValue
    /// The command-line spelling (help defaults).
    package let text: @Sendable (Value) -> String

    public init(
        expected: String, parse: @escaping @Sendable (String) -> Value?,
        read: @escaping @Sendable (JSONValue, String) -> Result<Value, SettingProblem>,
        write: @escaping @Sendable (Value) -> JSONValue, text: @escaping @Sendable (Value) -> String
    ) {
        self.expected = expected
        self.parse = parse
        self.read = read
        self.write = write
        self.text = text
    }
}

/// A value a setting does not accept, as a scenario file reports it.
public struct SettingProblem: Error, Sendable, Hashable {
    /// The message, quoting the key path (`'playback.speed' must be a positive number …`).
    public var message: String
    /// Names a "did you mean" may pick from, with the string that was given.
    public var suggestion: (given: String, candidates: [String])?
    /// The key path of the value at fault when it lies inside the setting's value
    /// (`events[1].kind`): a scenario file's error then gives its line and column.
    public var keyPath: String?

    public init(_ message: String, given: String? = nil, candidates: [String] = [], at keyPath: String? = nil) {
        self.message = message
        self.suggestion = given.map { ($0, candidates) }
        self.keyPath = keyPath
    }

    public static func == (lhs: SettingProblem, rhs: SettingProblem) -> Bool {
        lhs.message == rhs.message && lhs.suggestion?.given == rhs.suggestion?.given
            && lhs.suggestion?.candidates == rhs.suggestion?.candidates && lhs.keyPath == rhs.keyPath
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

extension SettingCodec {
    /// A short rendering of a JSON value for messages.
    package static func describe(_ value: JSONValue) -> String { value.brief }

    /// `"a", "b", "c"`.
    package static func quoted(_ names: [String]) -> String { ListText.joined(names, quote: "\"", conjunction: nil) }

    /// `1`, `20`, `0.5`: a number as typed on the command line.
    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
