import LocSimSupport

extension UsageError {
    /// The three lines printed to stderr, newline-terminated:
    ///
    ///     Error: Unknown option '--distnce-filter'. Did you mean '--distance-filter'?
    ///     Usage: locsim replay [<options>] <gpx>
    ///       See 'locsim replay --help' for more information.
    ///
    /// `root` is the command tree the error's ``commandPath`` is resolved in. The message quotes
    /// what was typed: it is one line, its control characters (line feeds too) shown escaped.
    package func rendered(root: CommandSpec) -> TerminalText {
        let command = commandPath.joined(separator: " ")
        let usage = root.descendant(at: commandPath).map {
            UsageGenerator.synopsis(of: $0, commandPath: commandPath)
        }
        return "Error: \(message)\n" + "Usage: \(lines: usage ?? command)\n"
            + "  See '\(lines: command) --help' for more information.\n"
    }
}
