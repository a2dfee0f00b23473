import Foundation
import LocSimExport
import LocSimGPX
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport

/// `locsim export <gpx|scenario> --to FORMAT [-o FILE|DIR]` (docs/contract.md, Command line): replays the input
/// offline, exactly as `locsim replay` (or `locsim test`, for a scenario) would, and writes it in
/// a format another tool plays: Xcode, `xcrun simctl`, `xcrun devicectl`, the Android emulator, geojson.io.
enum ExportCommand: LocSimCommand {
    /// `--cassettes` and `--cassette`, as `replay` declares them (offline only: no `--live`).
    static let cassetteOptions: [OptionSpec] = [
        .option("--cassettes", value: "dir", help: "Replay HTTP from any cassette under dir.", default: "Recordings"),
        .option("--cassette", value: "file", help: "Replay HTTP strictly from this cassette.", repeatable: true),
    ]

    static let spec: CommandSpec = spec(for: ReplayApp())

    /// The command for `app` with the built-in formats.
    static func spec(for app: ReplayApp) -> CommandSpec { spec(for: app, exportFormats: .builtIn) }

    /// The command for `app`: its settings' options, and `exportFormats`' names in `--to`.
    static func spec(for app: ReplayApp, exportFormats registry: ExportFormatRegistry) -> CommandSpec {
        CommandSpec(
            name: "export",
            abstract: "Export a replay for Xcode, the Simulator, a device, the Android emulator or a map.",
            discussion:
                "Replays the input offline, as 'locsim replay' does (a scenario with its own settings, strictly "
                + "from its own cassette), and writes it for another tool. Without -o a single file goes to stdout; "
                + "existing files are replaced atomically.",
            arguments: [
                ArgumentSpec(
                    "input", help: "A GPX file, or a scenario: a name under Recordings/ or its folder.",
                    arity: .required)
            ],
            options: [
                .option(
                    "--to", value: "format", help: "The format: " + registry.names.joined(separator: ", ") + ".",
                    required: true),
                .option(
                    "--output", short: "-o", value: "file|dir",
                    help: "Where to write: a file, or an existing directory (required for apns)."),
                .option(
                    "--fixes", value: "fixes",
                    help: "Which positions: raw (every fix on the track, without the accuracy model's noise) "
                        + "or delivered (the positions the engine reported and delivered, noise included).",
                    default: ExportOptions.Fixes.raw.rawValue, values: ExportOptions.Fixes.allCases.map(\.rawValue)),
                .option(
                    "--max-step", value: "step",
                    help: "Longest step between exported points: metres (100m), seconds (5s) "
                        + "or both (100m,5s).", default: MaxStep.default.description),
                .option(
                    "--device", value: "device",
                    help: "The Simulator the simctl and apns scripts drive, or the device (UDID) devicectl's does.",
                    default: "booted"),
                // `--bundle-id` is the settings table's (ReplayOptions.options(for:)): for `apns` it is the
                // app the .apns files target (required).
            ] + ReplayOptions.options(for: app) + cassetteOptions
        )
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let input = parsed.argument("input") else {
            throw parsed.usageError("Missing expected argument '<input>'")
        }
        let format = try format(parsed, registry: context.exportFormats)
        let options = try options(parsed)
        do throws(ExportError) {
            try format.validate(options)
        } catch {
            throw parsed.usageError(error.message)
        }
        let destination = try ExportDestination.resolve(parsed, format: format, context: context)
        let source: ExportSource
        do {
            source = try ExportSource.resolve(input, parsed, context)
        } catch let failure as ExportSource.Failure {
            context.stderr.write(TerminalText(lines: failure.text))
            return failure.exitCode
        }
        let exportInput: ExportInput
        switch try ExportReplay.run(source, context: context) {
        case .ready(let replayed): exportInput = replayed
        case .finished(let status): return status
        }
        let files: [ExportFile]
        do throws(ExportError) {
            files = try format.export(exportInput, options: options)
        } catch {
            if error.kind == .usage { throw parsed.usageError(error.message) }
            throw CommandFailure(.dataError, "\(source.display): \(error.message)")
        }
        try destination.write(files, context: context, inputs: source.inputs)
        return .success
    }

    /// The `--to` format of `registry`; an unknown name is a usage error with the closest name.
    static func format(
        _ parsed: ParsedCommand, registry: ExportFormatRegistry
    ) throws(UsageError) -> any ExportFormat {
        let name = parsed.string("--to") ?? ""
        if let format = registry.format(named: name) { return format }
        let names = registry.names
        var message =
            "The value '\(name)' is invalid for '--to <format>'. Please provide one of "
            + names.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " and '\(names.last!)'."
        if let suggestion = name.closest(among: names, maximumDistance: 3) {
            message += " Did you mean '\(suggestion)'?"
        }
        throw parsed.usageError(message)
    }

    /// `--fixes`, `--max-step`, `--device`, `--bundle-id`.
    static func options(_ parsed: ParsedCommand) throws(UsageError) -> ExportOptions {
        var options = ExportOptions()
        options.fixes = parsed.string("--fixes").flatMap(ExportOptions.Fixes.init(rawValue:)) ?? .raw
        if let step = try parsed.value(
            "--max-step", expected: "metres (100m), seconds (5s) or both (100m,5s), each > 0", MaxStep.init(argument:))
        {
            options.maxStep = step
        }
        if let device = parsed.string("--device") {
            guard !device.isEmpty else { throw parsed.usageError("'--device' needs a device name or UDID.") }
            options.device = device
        }
        options.bundleID = parsed.string("--bundle-id")
        return options
    }
}
