/// What a command line asks for: a command to run, a help text, or the version.
package enum ParseResult: Sendable, Hashable {
    /// Run the leaf command with these values.
    case command(ParsedCommand)
    /// Print the help of the command at this path (`-h`, `--help`, `help <subcommand>`, or a
    /// group called without a subcommand).
    case help(commandPath: [String])
    /// Print the version (`--version` at the top level).
    case version
}
