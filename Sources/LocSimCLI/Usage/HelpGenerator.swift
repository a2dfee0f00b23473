/// Help texts in swift-argument-parser's layout.
///
///     OVERVIEW: <abstract>
///
///     <discussion>
///
///     USAGE: locsim replay [<options>] <gpx>
///
///     ARGUMENTS:
///       <gpx>                   The GPX file to replay.
///
///     OPTIONS:
///       --format <format>       Output format. (values: text, jsonl; default: text)
///       -h, --help              Show help information.
///
/// Labels are indented by 2; descriptions start at column 26 (on the next line when the label
/// reaches it) and wrap at 80 columns aligned to column 26. A group lists its visible
/// subcommands and ends with `See 'locsim help <subcommand>' for detailed help.`
package enum HelpGenerator {
    static let indent = 2
    static let descriptionColumn = 26
    static let screenWidth = 80

    /// The help of the command at `commandPath` (from the root, e.g. `["locsim", "replay"]`) in
    /// `root`, exactly as printed to stdout. `nil` when no command has that path.
    package static func help(for commandPath: [String], root: CommandSpec) -> String? {
        guard let spec = root.descendant(at: commandPath) else { return nil }
        var text = ""
        var overview = spec.abstract
        if !spec.discussion.isEmpty {
            overview += (overview.isEmpty ? "" : "\n") + "\n" + spec.discussion
        }
        if !overview.isEmpty {
            text += ("OVERVIEW: " + overview).wrapped(to: screenWidth).joined(separator: "\n") + "\n\n"
        }
        text += "USAGE: \(UsageGenerator.synopsis(of: spec, commandPath: commandPath))\n\n"

        let arguments = spec.arguments.map { (label: "<\($0.valueName)>", description: $0.help) }
        var options = spec.options.map { (label: label(of: $0), description: description(of: $0)) }
        if commandPath.count == 1 {
            options.append((label: "--version", description: "Show the version."))
        }
        options.append((label: "-h, --help", description: "Show help information."))
        let subcommands = spec.visibleSubcommands.map { (label: $0.name, description: $0.abstract) }

        let sections = [("ARGUMENTS", arguments), ("OPTIONS", options), ("SUBCOMMANDS", subcommands)]
        text += sections.filter { !$0.1.isEmpty }.map { title, elements in
            "\(title):\n" + elements.map { element(label: $0.label, description: $0.description) }.joined()
        }.joined(separator: "\n")
        if !subcommands.isEmpty {
            let helpCommand = ([commandPath[0], HelpCommand.spec.name] + commandPath.dropFirst()).joined(separator: " ")
            text += "\n  See '\(helpCommand) <subcommand>' for detailed help.\n"
        } else {
            text += "\n"
        }
        return text
    }

    /// `-o, --output <output>`, `--format <format>` or `--no-noise`.
    static func label(of option: OptionSpec) -> String {
        let names = (option.short.map { [$0] } ?? []) + [option.long]
        return names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
    }

    /// The help text followed by `(values: a, b; default: a)` when the option has either.
    static func description(of option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.allowedValues.isEmpty {
            notes.append("values: " + option.allowedValues.joined(separator: ", "))
        }
        if let defaultValue = option.defaultValue, !defaultValue.isEmpty {
            notes.append("default: \(defaultValue)")
        }
        let suffix = notes.isEmpty ? "" : "(\(notes.joined(separator: "; ")))"
        return [option.help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One labelled entry of a section, newline-terminated.
    static func element(label: String, description: String) -> String {
        let paddedLabel = String(repeating: " ", count: indent) + label
        let lines = description.wrapped(to: screenWidth - descriptionColumn)
        guard let first = lines.first, !description.isEmpty else { return paddedLabel + "\n" }
        let margin = String(repeating: " ", count: descriptionColumn)
        var text =
            paddedLabel.count < descriptionColumn
            ? paddedLabel + String(repeating: " ", count: descriptionColumn - paddedLabel.count) + first + "\n"
            : paddedLabel + "\n" + margin + first + "\n"
        for line in lines.dropFirst() {
            text += line.isEmpty ? "\n" : margin + line + "\n"
        }
        return text
    }
}
