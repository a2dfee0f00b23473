import LocSimCLI

/// Commands used only by the tests, shaped like the real ones so help and errors look familiar.
enum SampleReplay: LocSimCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Replay a GPX track through the simulated location pipeline.",
        discussion: "Without --live, providers are answered from the cassettes under --cassettes; "
            + "a request no cassette answers is a provider_error, never a network call.",
        arguments: [ArgumentSpec("gpx", help: "The GPX file to replay.")],
        options: [
            .option("--format", value: "format", help: "Output format.", default: "text", values: ["text", "jsonl"]),
            .option(
                "--distance-filter",
                value: "metres",
                help: "Minimum distance between delivered fixes, in metres, or 'none'.",
                default: "3000"
            ),
            .option("--accuracy", value: "accuracy", help: "Desired accuracy.", default: "kilometer"),
            .option("--seed", value: "n", help: "Seed of the accuracy noise.", default: "0"),
            .flag("--no-noise", help: "Report true positions."),
            .option("--interval", value: "seconds", help: "Sampling interval; 0 emits only the points.", default: "1"),
            .option("--speed", value: "mps", help: "Speed of untimed points, in metres per second.", default: "20"),
            .option("--source", value: "kind", help: "Which points to replay.", values: ["wpt", "rte", "trk"]),
            .flag("--significant-change", help: "Use the significant-change service."),
            .option(
                "--authorization",
                value: "status",
                help: "Authorization status.",
                default: "always",
                values: ["always", "when-in-use", "denied", "restricted", "not-determined"]
            ),
            .option(
                "--base-url",
                value: "provider=url",
                help: "Base URL of a provider (aeris, nws, owm, google, nominatim, parse).",
                repeatable: true
            ),
            .flag("--realtime", help: "Pace the replay against the wall clock."),
            .option("--rate", value: "x", help: "Speed-up factor with --realtime.", default: "1"),
            .option("--map", value: "file.svg", help: "Also draw the route and the deliveries."),
        ]
    )

    /// Prints every value it received, one `name=value` line each, in spec order.
    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        var lines = ["gpx=\(parsed.argument("gpx") ?? "-")"]
        for option in spec.options {
            if option.isFlag {
                lines.append("\(option.long)=\(parsed.flag(option.long))")
            } else if option.isRepeatable {
                lines.append("\(option.long)=\(parsed.strings(option.long))")
            } else {
                lines.append("\(option.long)=\(parsed.string(option.long) ?? "nil")")
            }
        }
        lines.append("seed=\(try parsed.int("--seed") ?? -1)")
        lines.append("rate=\(try parsed.double("--rate") ?? -1)")
        context.stdout.write(lines: lines.joined(separator: "\n") + "\n")
        return .success
    }
}

enum SampleValidate: LocSimCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check GPX files and summarise them.",
        arguments: [ArgumentSpec("gpx", help: "The GPX files to check.", arity: .oneOrMore)],
        options: [
            .option("--format", value: "format", help: "Output format.", default: "text", values: ["text", "json"])
        ]
    )

    /// Fails with "no input" for a file called `missing.gpx`, otherwise echoes the files.
    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        for file in parsed.arguments("gpx") {
            if file == "missing.gpx" {
                throw CommandFailure(.noInput, "no such file: \(file)")
            }
            context.stdout.write("\(parsed.string("--format") ?? "") \(file)\n")
        }
        return .success
    }
}

enum SamplePlot: LocSimCommand {
    static let spec = CommandSpec(
        name: "plot",
        abstract: "Draw a GPX track as an SVG map.",
        arguments: [ArgumentSpec("gpx", help: "The GPX file to draw.")],
        options: [
            .option("--output", short: "-o", value: "file", help: "Where to write the SVG.", required: true),
            .option("--width", value: "pixels", help: "Width of the picture.", default: "800"),
        ]
    )

    /// Rejects a non-positive width with a usage error of its own; throws an internal error for
    /// the width 13.
    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let width = try parsed.int("--width") ?? 0
        if width <= 0 {
            throw parsed.usageError("'--width' must be positive.")
        }
        if width == 13 {
            throw SampleBug()
        }
        context.stdout.write("\(parsed.argument("gpx") ?? "") -> \(parsed.string("--output") ?? "") (\(width))\n")
        return .success
    }
}

/// An error no command expects, standing for a bug.
struct SampleBug: Error, CustomStringConvertible {
    var description: String { "sample bug" }
}

var sampleCommands: [any LocSimCommand.Type] {
    [SampleReplay.self, SampleValidate.self, SamplePlot.self]
}

/// The result of one in-memory run.
struct RunOutcome {
    var status: ExitCode
    var stdout: String
    var stderr: String
}

/// Runs `arguments` through ``LocSim/run(arguments:commands:context:)`` with in-memory seams.
func runLocSim(
    _ arguments: [String],
    commands: [any LocSimCommand.Type] = sampleCommands,
    environment: [String: String] = [:]
) -> RunOutcome {
    let stdout = MemoryOutput()
    let stderr = MemoryOutput()
    let context = CommandContext(
        stdout: stdout,
        stderr: stderr,
        environment: environment,
        currentDirectory: "/work",
        clock: ManualWallClock()
    )
    let status = LocSim.run(arguments: arguments, commands: commands, context: context)
    return RunOutcome(status: status, stdout: stdout.text, stderr: stderr.text)
}
