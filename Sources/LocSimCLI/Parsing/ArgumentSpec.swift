/// A positional argument of a command, such as `<gpx>`.
public struct ArgumentSpec: Sendable, Hashable {
    /// How many values an argument takes.
    public enum Arity: Sendable, Hashable {
        /// Exactly one value: `<gpx>`.
        case required
        /// Zero or one value: `[<gpx>]`.
        case optional
        /// One or more values: `<gpx> ...`. Only the last argument may be variadic.
        case oneOrMore
        /// Any number of values: `[<gpx> ...]`. Only the last argument may be variadic.
        case zeroOrMore
    }

    /// The name shown between angle brackets and used by ``ParsedCommand/argument(_:)``.
    public var valueName: String
    /// The description shown in the `ARGUMENTS:` section.
    public var help: String
    public var arity: Arity

    public init(_ valueName: String, help: String, arity: Arity = .required) {
        self.valueName = valueName
        self.help = help
        self.arity = arity
    }

    /// Whether the argument may be left out.
    public var isOptional: Bool {
        arity == .optional || arity == .zeroOrMore
    }

    /// Whether the argument takes every remaining value.
    public var isVariadic: Bool {
        arity == .oneOrMore || arity == .zeroOrMore
    }
}
