/// A name that is not a well-formed ``OpenName``: says what a name may contain.
public struct OpenNameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name as given.
    public let text: String
    /// What it should have been: "provider name", "endpoint key".
    public let noun: String

    /// The error for `text`, which is not a well-formed `noun`.
    public init(text: String, noun: String) {
        self.text = text
        self.noun = noun
    }

    public var description: String {
        "'\(text)' is not a \(noun): lowercase letters, digits and '-', starting with a letter, at most 64 characters"
    }
}
