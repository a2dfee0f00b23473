import LocSimSupport

/// The values a command line gave a leaf command, with typed accessors.
///
/// Options are looked up by their long name as typed (`parsed.string("--format")`); asking for a
/// name the spec does not declare is a programming error and stops the program. Accessors that
/// convert values throw a ``UsageError`` naming the option, so a command can simply `try` them
/// and let ``LocSim`` print the three-line usage error.
package struct ParsedCommand: Sendable, Hashable {
    /// The spec the command line was parsed against.
    package let spec: CommandSpec
    /// The command's path from the root: `["locsim", "replay"]`.
    package let commandPath: [String]
    /// Every positional value, in command-line order (including those after `--`).
    package let positionals: [String]
    private let optionValues: [String: [String]]
    private let presentFlags: Set<String>
    private let argumentValues: [String: [String]]

    init(
        spec: CommandSpec,
        commandPath: [String],
        positionals: [String],
        optionValues: [String: [String]],
        presentFlags: Set<String>,
        argumentValues: [String: [String]]
    ) {
        self.spec = spec
        self.commandPath = commandPath
        self.positionals = positionals
        self.optionValues = optionValues
        self.presentFlags = presentFlags
        self.argumentValues = argumentValues
    }

    /// The last value given for option `long`, else its default, else `nil`.
    package func string(_ long: String) -> String? {
        let option = declaredOption(long, flag: false)
        return optionValues[long]?.last ?? option.defaultValue
    }

    /// Every value given for a repeatable option, in order; its default alone when none was given.
    package func strings(_ long: String) -> [String] {
        let option = declaredOption(long, flag: false)
        if let values = optionValues[long] { return values }
        return option.defaultValue.map { [$0] } ?? []
    }

    /// Whether flag `long` was given.
    package func flag(_ long: String) -> Bool {
        _ = declaredOption(long, flag: true)
        return presentFlags.contains(long)
    }

    /// Whether option or flag `long` appears on the command line (defaults do not count).
    package func isSpecified(_ long: String) -> Bool {
        guard let option = spec.option(named: long), option.long == long else {
            preconditionFailure("'\(long)' is not an option of '\(commandPath.joined(separator: " "))'")
        }
        return option.isFlag ? presentFlags.contains(long) : optionValues[long] != nil
    }

    /// The integer value of option `long` (or its default); throws when it is not an integer.
    package func int(_ long: String) throws(UsageError) -> Int? {
        try value(long, expected: "an integer") { Int($0) }
    }

    /// The finite decimal value of option `long` (or its default); throws when it is not a number.
    package func double(_ long: String) throws(UsageError) -> Double? {
        try value(long, expected: "a number") { text in
            Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// The value of option `long` (or its default) converted by `transform`; a `nil` from
    /// `transform` throws "The value 'x' is invalid for '--opt <v>'. Expected \(expected)."
    package func value<T>(
        _ long: String,
        expected: String,
        suggesting names: [String] = [],
        _ transform: (String) -> T?
    ) throws(UsageError) -> T? {
        guard let text = string(long) else { return nil }
        guard let converted = transform(text) else {
            let option = declaredOption(long, flag: false)
            throw invalidValue(text, for: "'\(option.quotedSynopsis)'", expected: expected, names: names)
        }
        return converted
    }

    /// Every value of repeatable option `long`, each converted by `transform`.
    package func values<T>(
        _ long: String,
        expected: String,
        suggesting names: [String] = [],
        _ transform: (String) -> T?
    ) throws(UsageError) -> [T] {
        let option = declaredOption(long, flag: false)
        var converted: [T] = []
        for text in strings(long) {
            guard let value = transform(text) else {
                throw invalidValue(text, for: "'\(option.quotedSynopsis)'", expected: expected, names: names)
            }
            converted.append(value)
        }
        return converted
    }

    /// The value of the single-valued positional argument `valueName`, if given.
    package func argument(_ valueName: String) -> String? {
        _ = declaredArgument(valueName)
        return argumentValues[valueName]?.first
    }

    /// The values of positional argument `valueName` (all of them for a variadic argument).
    package func arguments(_ valueName: String) -> [String] {
        _ = declaredArgument(valueName)
        return argumentValues[valueName] ?? []
    }

    /// A usage error for this command, for checks the spec cannot express
    /// (`throw parsed.usageError("'--mode' requires '--record'.")`).
    package func usageError(_ message: String) -> UsageError {
        UsageError(message, commandPath: commandPath)
    }

    /// "The value … is invalid …. Expected …." and, when one of `names` is a likely typo of
    /// `text` (`kilometre`), " Did you mean 'kilometer'?".
    private func invalidValue(_ text: String, for synopsis: String, expected: String, names: [String]) -> UsageError {
        let suggestion =
            text.closest(among: names, maximumDistance: 1, editsPerCharacters: 4).map { " Did you mean '\($0)'?" } ?? ""
        return usageError("The value '\(text)' is invalid for \(synopsis). Expected \(expected).\(suggestion)")
    }

    private func declaredOption(_ long: String, flag: Bool) -> OptionSpec {
        guard let option = spec.option(named: long), option.long == long, option.isFlag == flag else {
            let kind = flag ? "a flag" : "an option with a value"
            preconditionFailure("'\(long)' is not \(kind) of '\(commandPath.joined(separator: " "))'")
        }
        return option
    }

    private func declaredArgument(_ valueName: String) -> ArgumentSpec {
        guard let argument = spec.arguments.first(where: { $0.valueName == valueName }) else {
            preconditionFailure("'<\(valueName)>' is not an argument of '\(commandPath.joined(separator: " "))'")
        }
        return argument
    }
}
