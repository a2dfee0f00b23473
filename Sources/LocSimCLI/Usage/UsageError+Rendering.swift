extension UsageError {
    /// The three lines printed to stderr, newline-terminated:
    ///
    ///     Error: Unknown option '--distnce-filter'. Did you mean '--distance-filter'?
    ///     Usage: locsim replay [<options>] <gpx>
    ///       See 'locsim replay --help' for more information.
    ///
    /// `root` is the command tree the error's ``commandPath`` is resolved in.
    package func rendered(root: CommandSpec) -> String {
        let command = commandPath.joined(separator: " ")
        let usage = root.descendant(at: commandPath).map {
            UsageGenerator.synopsis(of: $0, commandPath: commandPath)
        }
        return "Error: \(message)\n"
            + "Usage: \(usage ?? command)\n"
            + "  See '\(command) --help' for more information.\n"
    }
}
