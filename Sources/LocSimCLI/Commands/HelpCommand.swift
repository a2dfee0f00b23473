/// The built-in `help [<subcommand> ...]`, hidden from the subcommand list as in
/// swift-argument-parser. ``CommandParser`` resolves it to ``ParseResult/help(commandPath:)``.
enum HelpCommand {
    static let subcommandArgument = "subcommand"

    static let spec = CommandSpec(
        name: "help",
        abstract: "Show subcommand help information.",
        arguments: [ArgumentSpec(subcommandArgument, help: "The subcommand to show help for.", arity: .zeroOrMore)],
        isHidden: true
    )
}
