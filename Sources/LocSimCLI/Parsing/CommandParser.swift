import LocSimSupport

/// Parses a command line against a tree of ``CommandSpec``s: a pure function of its inputs.
///
/// Conventions (swift-argument-parser's): `--opt v` and `--opt=v`; `-o v` for short names; `--`
/// ends options; `-h`/`--help` on every command; `--version` at the top level; a token that is a
/// negative number (`-3.5`) or a lone `-` is a value, not an option. A non-repeatable option given
/// twice keeps its last value.
package enum CommandParser {
    /// The largest edit distance for which a "Did you mean" suggestion is offered.
    static let suggestionDistance = 2

    /// Parses `arguments` (without the program name) against `root`.
    package static func parse(_ arguments: [String], root: CommandSpec) throws(UsageError) -> ParseResult {
        try parse(arguments[...], spec: root, path: [root.name])
    }

    private static func parse(
        _ tokens: ArraySlice<String>,
        spec: CommandSpec,
        path: [String]
    ) throws(UsageError) -> ParseResult {
        if spec.subcommands.isEmpty {
            return try parseLeaf(tokens, spec: spec, path: path)
        }
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if token == "--" { continue }
            if isHelpFlag(token) { return .help(commandPath: path) }
            if token == "--version", path.count == 1 { return .version }
            if looksLikeOption(token) {
                let builtIns = path.count == 1 ? ["--version", "--help"] : ["--help"]
                throw unknownOption(token, candidates: builtIns, path: path)
            }
            guard let subcommand = spec.subcommand(named: token) else {
                throw unknownSubcommand(token, of: spec, path: path)
            }
            let rest = tokens[index...]
            if subcommand == HelpCommand.spec {
                return try parseHelpCommand(rest, group: spec, path: path + [subcommand.name])
            }
            return try parse(rest, spec: subcommand, path: path + [subcommand.name])
        }
        return .help(commandPath: path)
    }

    /// `help [<subcommand> ...]`: the help of the named command below `group`.
    private static func parseHelpCommand(
        _ tokens: ArraySlice<String>,
        group: CommandSpec,
        path: [String]
    ) throws(UsageError) -> ParseResult {
        let parsed: ParsedCommand
        switch try parseLeaf(tokens, spec: HelpCommand.spec, path: path) {
        case .command(let command): parsed = command
        case let other: return other
        }
        var target = group
        var targetPath = Array(path.dropLast())
        for name in parsed.arguments(HelpCommand.subcommandArgument) {
            guard let next = target.subcommand(named: name) else {
                throw unknownSubcommand(name, of: target, path: path)
            }
            target = next
            targetPath.append(name)
        }
        return .help(commandPath: targetPath)
    }

    private static func parseLeaf(
        _ tokens: ArraySlice<String>,
        spec: CommandSpec,
        path: [String]
    ) throws(UsageError) -> ParseResult {
        if tokens.prefix(while: { $0 != "--" }).contains(where: isHelpFlag) {
            return .help(commandPath: path)
        }
        var optionValues: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        var optionsEnded = false
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if optionsEnded || !looksLikeOption(token) {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = splitInlineValue(token)
            guard let option = spec.option(named: name) else {
                throw unknownOption(name, candidates: spec.options.map(\.long) + ["--help"], path: path)
            }
            if option.isFlag {
                if let inlineValue {
                    throw UsageError(
                        "The option '\(name)' does not take any value, but '\(inlineValue)' was specified.",
                        commandPath: path
                    )
                }
                flags.insert(option.long)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < tokens.endIndex, !looksLikeOption(tokens[index]) {
                value = tokens[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.quotedSynopsis)'", commandPath: path)
            }
            if value.isEmpty, option.namesAPath {
                throw UsageError(
                    "The value '' is invalid for '\(option.quotedSynopsis)'. Expected a path, not an empty string.",
                    commandPath: path)
            }
            if option.checksValues, !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
                throw UsageError(option.invalidValueMessage(value, allowed: option.allowedValues), commandPath: path)
            }
            optionValues[option.long] = option.isRepeatable ? (optionValues[option.long] ?? []) + [value] : [value]
        }
        let argumentValues = try assign(positionals, to: spec.arguments, path: path)
        if let missing = spec.options.first(where: { $0.isRequired && optionValues[$0.long] == nil }) {
            throw UsageError("Missing expected argument '\(missing.quotedSynopsis)'", commandPath: path)
        }
        return .command(
            ParsedCommand(
                spec: spec,
                commandPath: path,
                positionals: positionals,
                optionValues: optionValues,
                presentFlags: flags,
                argumentValues: argumentValues
            )
        )
    }

    /// Distributes positional values over the declared arguments, in order.
    private static func assign(
        _ positionals: [String],
        to arguments: [ArgumentSpec],
        path: [String]
    ) throws(UsageError) -> [String: [String]] {
        var remaining = positionals[...]
        var values: [String: [String]] = [:]
        for argument in arguments {
            switch argument.arity {
            case .required, .optional:
                if let value = remaining.popFirst() {
                    values[argument.valueName] = [value]
                } else if argument.arity == .required {
                    throw UsageError("Missing expected argument '<\(argument.valueName)>'", commandPath: path)
                }
            case .oneOrMore, .zeroOrMore:
                if remaining.isEmpty, argument.arity == .oneOrMore {
                    throw UsageError("Missing expected argument '<\(argument.valueName)> ...'", commandPath: path)
                }
                values[argument.valueName] = Array(remaining)
                remaining = []
            }
        }
        switch remaining.count {
        case 0:
            return values
        case 1:
            throw UsageError("Unexpected argument '\(remaining[remaining.startIndex])'", commandPath: path)
        default:
            let list = remaining.joined(separator: "', '")
            throw UsageError("\(remaining.count) unexpected arguments: '\(list)'", commandPath: path)
        }
    }

    private static func isHelpFlag(_ token: String) -> Bool {
        token == "-h" || token == "--help"
    }

    /// Options start with a dash; a lone `-` and negative numbers are values.
    static func looksLikeOption(_ token: String) -> Bool {
        token.hasPrefix("-") && token != "-" && Double(token) == nil
    }

    /// `--name=value` → (`--name`, `value`); anything else has no inline value.
    private static func splitInlineValue(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func unknownOption(_ name: String, candidates: [String], path: [String]) -> UsageError {
        let isShortName = name.count == 2
        if !isShortName, let suggestion = name.closest(among: candidates, maximumDistance: suggestionDistance) {
            return UsageError("Unknown option '\(name)'. Did you mean '\(suggestion)'?", commandPath: path)
        }
        return UsageError("Unknown option '\(name)'", commandPath: path)
    }

    private static func unknownSubcommand(_ name: String, of group: CommandSpec, path: [String]) -> UsageError {
        let candidates = group.subcommands.map(\.name)
        if let suggestion = name.closest(among: candidates, maximumDistance: suggestionDistance) {
            return UsageError("Unknown subcommand '\(name)'. Did you mean '\(suggestion)'?", commandPath: path)
        }
        return UsageError("Unknown subcommand '\(name)'", commandPath: path)
    }
}
