/// A positional argument of a command, such as `<gpx>`.
package struct ArgumentSpec: Sendable, Hashable {
    /// How many values an argument takes.
    package enum Arity: Sendable, Hashable {
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
    package var valueName: String
    /// The description shown in the `ARGUMENTS:` section.
    package var help: String
    package var arity: Arity

    package init(_ valueName: String, help: String, arity: Arity = .required) {
        self.valueName = valueName
        self.help = help
        self.arity = arity
    }

    /// Whether the argument may be left out.
    package var isOptional: Bool {
        arity == .optional || arity == .zeroOrMore
    }

    /// Whether the argument takes every remaining value.
    package var isVariadic: Bool {
        arity == .oneOrMore || arity == .zeroOrMore
    }
}
