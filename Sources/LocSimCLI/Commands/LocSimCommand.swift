package import LocSimExport
package import LocSimReplay

/// A `locsim` subcommand: a spec for parsing and help, and a function that runs it.
///
/// Register a command by adding its type to ``LocSim/commands``. `run` receives the parsed
/// command line and the process seams; it returns the exit status, or throws:
/// a ``UsageError`` (e.g. from `parsed.int("--seed")`) prints the three-line usage error and
/// exits 64, a ``CommandFailure`` prints `error: …` and exits with its status, anything else is
/// reported as an internal error (70).
package protocol LocSimCommand {
    /// The command's name, help text, arguments and options.
    static var spec: CommandSpec { get }
    /// The command's spec for `app` (what `--help` lists and the parser accepts): a command with
    /// replay settings lists `app`'s plug-ins and their options. Default: ``spec``.
    static func spec(for app: ReplayApp) -> CommandSpec
    /// The command's spec for `app` and the formats `locsim export --to` can name. Default:
    /// ``spec(for:)``.
    static func spec(for app: ReplayApp, exportFormats: ExportFormatRegistry) -> CommandSpec
    /// Runs the command. Output goes through `context`, never straight to the process.
    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode
}

extension LocSimCommand {
    package static func spec(for app: ReplayApp) -> CommandSpec { spec }
    package static func spec(for app: ReplayApp, exportFormats: ExportFormatRegistry) -> CommandSpec {
        spec(for: app)
    }
}
