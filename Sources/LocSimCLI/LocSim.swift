package import LocSimExport
public import LocSimReplay
import LocSimSupport

/// The `locsim` command line: the version, the registered commands, and the entry points that
/// parse, dispatch and turn errors into exit statuses.
public enum LocSim {
    /// Printed by `locsim --version`.
    public static let version = "0.1.0"

    /// The subcommands `locsim` offers, in the order help lists them. Register a command here
    /// only once it works: help never advertises what does not exist. The built-in `help` is
    /// always present.
    package static var commands: [any LocSimCommand.Type] {
        [
            ReplayCommand.self, ValidateCommand.self, PlotCommand.self, BenchCommand.self, TestCommand.self,
            RecordCommand.self, ExportCommand.self, ServeCommand.self, ScenarioCommand.self, CassettesCommand.self,
        ]
    }

    /// The command tree for `commands` under the root `locsim`, with `app`'s plug-ins and their
    /// options in the commands that take replay settings, and `exportFormats` in `export --to`.
    package static func rootSpec(
        commands: [any LocSimCommand.Type] = commands, app: ReplayApp = ReplayApp(),
        exportFormats: ExportFormatRegistry = .builtIn
    ) -> CommandSpec {
        CommandSpec(
            name: "locsim",
            abstract: "Replay GPX tracks through a simulated CoreLocation pipeline and check what a "
                + "weather-alert app does with them.",
            subcommands: commands.map { $0.spec(for: app, exportFormats: exportFormats) } + [HelpCommand.spec]
        )
    }

    /// Runs the command line `arguments` (without the program name) against `context` and
    /// returns the exit status. Never touches the process: tests call it directly. Output that
    /// could not be written to standard output (a full disk, `/dev/full`) is an error: exit 74
    /// with a message on standard error, whatever the command returned. Everything printed is
    /// redacted first (``CommandContext/redactingOutput()``).
    package static func run(
        arguments: [String],
        commands: [any LocSimCommand.Type] = commands,
        context: CommandContext
    ) -> ExitCode {
        let context = context.redactingOutput()
        let status = dispatch(arguments: arguments, commands: commands, context: context)
        context.stdout.flush()
        defer { context.stderr.flush() }
        if let error = context.stdout.writeError {
            context.diagnostics.error("cannot write to standard output: \(error)")
            return .ioError
        }
        return status
    }

    private static func dispatch(
        arguments: [String],
        commands: [any LocSimCommand.Type],
        context: CommandContext
    ) -> ExitCode {
        // A plug-in option clashing with a setting is a fault of the code that built the app,
        // not of the command line: exit 70 (software), as an invalid command spec would.
        if let clash = context.app.pluginOptionClashes.first {
            context.diagnostics.error("invalid plug-in option: \(clash)")
            return .software
        }
        let root = rootSpec(commands: commands, app: context.app, exportFormats: context.exportFormats)
        let problems = root.problems
        guard problems.isEmpty else {
            context.diagnostics.error("internal error: invalid command spec: \(problems.joined(separator: "; "))")
            return .software
        }
        let result: ParseResult
        do {
            result = try CommandParser.parse(arguments, root: root)
        } catch {
            context.stderr.write(error.rendered(root: root))
            return .usage
        }
        switch result {
        case .version:
            context.stdout.write("\(version)\n")
            return .success
        case .help(let commandPath):
            context.stdout.write(TerminalText(lines: HelpGenerator.help(for: commandPath, root: root) ?? ""))
            return .success
        case .command(let parsed):
            guard let command = commands.first(where: { $0.spec.name == parsed.commandPath.dropFirst().first }) else {
                context.diagnostics.error(
                    "internal error: no command handles '\(parsed.commandPath.joined(separator: " "))'")
                return .software
            }
            do {
                return try command.run(parsed, context)
            } catch let error as UsageError {
                context.stderr.write(error.rendered(root: root))
                return .usage
            } catch let failure as CommandFailure {
                if failure.isDiagnostic {
                    context.stderr.write(
                        failure.message.rendered.hasSuffix("\n") ? failure.message : failure.message + "\n")
                } else {
                    context.diagnostics.error(failure.message)
                }
                return failure.exitCode
            } catch {
                context.diagnostics.error("internal error: \(error)")
                return .software
            }
        }
    }

    /// Runs `arguments` against the real process (``CommandContext/process()``) and returns the
    /// status for `exit`.
    public static func main(arguments: [String]) -> Int32 {
        run(arguments: arguments, context: .process()).rawValue
    }

    /// Runs `arguments` against the real process with `app` in place of the built-in one: a
    /// `locsim` of your own, whose `--help`, `--providers`, `--geocoder`, `--push-endpoint`,
    /// `--base-url`, `scenario.json` and `serve` know the plug-ins registered on `app`.
    ///
    /// ```swift
    /// var app = ReplayApp()
    /// try app.providers.register(MyAlertsProvider())
    /// LocSim.exit(LocSim.main(arguments: Array(CommandLine.arguments.dropFirst()), app: app))
    /// ```
    public static func main(arguments: [String], app: ReplayApp) -> Int32 {
        run(arguments: arguments, context: .process(app: app)).rawValue
    }

    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never {
        SystemCall.exit(status)
    }
}
