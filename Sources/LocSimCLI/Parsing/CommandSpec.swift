/// The declarative description of one command: its name, help text, positional arguments,
/// options and subcommands.
///
/// Parsing, help and usage errors are all generated from the spec, so what `--help` shows is
/// exactly what the parser accepts. A command either has subcommands (a group such as the root
/// `locsim`) or arguments and options (a leaf such as `replay`), never both.
package struct CommandSpec: Sendable, Hashable {
    /// The word that selects the command on the command line, e.g. `replay`.
    package var name: String
    /// One sentence shown in the parent's `SUBCOMMANDS:` list and after `OVERVIEW:`.
    package var abstract: String
    /// Further paragraphs shown under the abstract in the command's own help.
    package var discussion: String
    /// Positional arguments, in command-line order.
    package var arguments: [ArgumentSpec]
    /// Options and flags, in the order help lists them.
    package var options: [OptionSpec]
    /// Subcommands, in the order help lists them.
    package var subcommands: [CommandSpec]
    /// Hidden commands work but are not listed in the parent's help (the built-in `help`).
    package var isHidden: Bool

    package init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [],
        isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.isHidden = isHidden
    }

    /// The subcommand called `name`, if any.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The option whose long (`--format`) or short (`-f`) name is `name`, if any.
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.long == name || $0.short == name }
    }

    /// Whether the command takes the option whose long name is `long`.
    package func declares(_ long: String) -> Bool { options.contains { $0.long == long } }

    /// The command at `path`, whose first element names `self`: `["locsim", "replay"]`.
    package func descendant(at path: [String]) -> CommandSpec? {
        guard path.first == name else { return nil }
        var spec = self
        for name in path.dropFirst() {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// Subcommands that help lists (not hidden).
    var visibleSubcommands: [CommandSpec] {
        subcommands.filter { !$0.isHidden }
    }
}
