/// One-line synopses in swift-argument-parser's form: `locsim replay <gpx> [--format <format>]`.
///
/// Optional parts are bracketed, repeatable ones followed by ` ...`. When a command has more
/// than 12 arguments and options, the optional options collapse into `[<options>]` and only the
/// positionals and required options are spelt out.
enum UsageGenerator {
    /// The most arguments and options a synopsis lists before collapsing into `[<options>]`.
    static let maximumListedElements = 12

    /// The synopsis of `spec`, called as `commandPath` (e.g. `locsim replay`).
    static func synopsis(of spec: CommandSpec, commandPath: [String]) -> String {
        let command = commandPath.joined(separator: " ")
        if !spec.subcommands.isEmpty {
            return spec.visibleSubcommands.isEmpty ? command : "\(command) <subcommand>"
        }
        let elements =
            spec.arguments.map { (synopsis: synopsis(of: $0), isKept: true) }
            + spec.options.map { (synopsis: synopsis(of: $0), isKept: $0.isRequired) }
        if elements.isEmpty {
            return command
        }
        if elements.count <= maximumListedElements {
            return ([command] + elements.map(\.synopsis)).joined(separator: " ")
        }
        let kept = elements.filter(\.isKept).map(\.synopsis)
        if kept.isEmpty || kept.count > maximumListedElements {
            return "\(command) <options>"
        }
        return ([command, "[<options>]"] + kept).joined(separator: " ")
    }

    static func synopsis(of argument: ArgumentSpec) -> String {
        let name = "<\(argument.valueName)>"
        switch argument.arity {
        case .required: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return "\(name) ..."
        case .zeroOrMore: return "[\(name) ...]"
        }
    }

    static func synopsis(of option: OptionSpec) -> String {
        var text = option.quotedSynopsis
        if option.isRepeatable { text += " ..." }
        return option.isRequired ? text : "[\(text)]"
    }
}
