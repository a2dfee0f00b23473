/// Why an export cannot be written, with the exit status it maps to.
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A missing or contradictory option (exit 64).
        case usage
        /// A replay the format cannot express, e.g. no fixes at all (exit 65).
        case data
    }

    public var kind: Kind
    /// What went wrong and what to do, one sentence.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
