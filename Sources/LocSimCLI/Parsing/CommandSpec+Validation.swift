extension CommandSpec {
    /// Mistakes in this spec and its subcommands that would make parsing or help ambiguous:
    /// malformed or duplicate names, a default outside the allowed values, a variadic argument
    /// that is not last, a required argument after an optional one, a group with its own options.
    /// Empty for a well-formed tree; a test asserts this for every registered command.
    package var problems: [String] {
        var problems: [String] = []
        collectProblems(into: &problems, path: name)
        return problems
    }

    private func collectProblems(into problems: inout [String], path: String) {
        if !subcommands.isEmpty, !(arguments.isEmpty && options.isEmpty) {
            problems.append("\(path): a command with subcommands cannot have arguments or options")
        }
        var names: Set<String> = ["-h", "--help"]
        if !path.contains(" ") { names.insert("--version") }
        for option in options {
            if !Self.isLongName(option.long) {
                problems.append("\(path): '\(option.long)' is not a long option name like '--format'")
            }
            if let short = option.short, !Self.isShortName(short) {
                problems.append("\(path): '\(short)' is not a short option name like '-o'")
            }
            for optionName in [option.long] + (option.short.map { [$0] } ?? []) {
                if !names.insert(optionName).inserted {
                    problems.append("\(path): option name '\(optionName)' is used twice")
                }
            }
            if let defaultValue = option.defaultValue, !option.allowedValues.isEmpty,
                !option.allowedValues.contains(defaultValue)
            {
                problems.append("\(path): default '\(defaultValue)' of '\(option.long)' is not an allowed value")
            }
            if option.isFlag, option.defaultValue != nil || !option.allowedValues.isEmpty || option.isRepeatable {
                problems.append("\(path): flag '\(option.long)' cannot have a default, values or repeat")
            }
            if option.isRequired, option.defaultValue != nil {
                problems.append("\(path): required option '\(option.long)' cannot have a default")
            }
        }
        var argumentNames: Set<String> = []
        var sawOptional = false
        for (index, argument) in arguments.enumerated() {
            if !argumentNames.insert(argument.valueName).inserted {
                problems.append("\(path): argument '<\(argument.valueName)>' is declared twice")
            }
            if argument.isVariadic, index != arguments.count - 1 {
                problems.append("\(path): variadic argument '<\(argument.valueName)>' must be the last")
            }
            if sawOptional, !argument.isOptional {
                problems.append("\(path): required argument '<\(argument.valueName)>' follows an optional one")
            }
            sawOptional = sawOptional || argument.isOptional
        }
        var subcommandNames: Set<String> = []
        for subcommand in subcommands {
            if !subcommandNames.insert(subcommand.name).inserted {
                problems.append("\(path): subcommand '\(subcommand.name)' is declared twice")
            }
            subcommand.collectProblems(into: &problems, path: "\(path) \(subcommand.name)")
        }
    }

    private static func isLongName(_ name: String) -> Bool {
        let body = name.dropFirst(2)
        return name.hasPrefix("--") && !body.isEmpty && !body.hasPrefix("-")
            && body.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    private static func isShortName(_ name: String) -> Bool {
        name.count == 2 && name.hasPrefix("-") && (name.last?.isASCII ?? false) && (name.last?.isLetter ?? false)
    }
}
