import Foundation
import LocSimExport
import LocSimGPX
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimMap
import LocSimReplay
import LocSimSimulation
import LocSimSupport

/// `locsim replay <gpx>`: plays a GPX track through the location engine, the geocoder, the
/// weather services and the push controller, printing the transcript.
enum ReplayCommand: LocSimCommand {
    static let spec: CommandSpec = spec(for: ReplayApp())

    /// The command for `app`: its settings' options.
    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "replay",
            abstract: "Replay a GPX track through the simulated location pipeline.",
            discussion: "Providers are answered from the cassettes under --cassettes unless --live is given; "
                + "a request no cassette answers becomes a provider_error event, never a network call.",
            arguments: [ArgumentSpec("gpx", help: "The GPX file to replay (or --scenario).", arity: .optional)],
            options: [
                .option(
                    "--format", value: "format", help: "Output format.", default: "text", values: ["text", "jsonl"]),
                ScenarioOption.option,
            ] + ReplayOptions.options(for: app) + RecordingFlags.options + [
                .flag("--realtime", help: "Pace the virtual clock against the wall clock."),
                .option("--rate", value: "x", help: "With --realtime: x times faster than real time.", default: "1"),
                .option("--map", value: "file.svg", help: "Also draw the replay as an SVG map."),
                MapContextOption.option,
            ] + DriveOptions.options
        )
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let rate =
            try parsed.value("--rate", expected: "a positive number") {
                Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? 1
        if parsed.isSpecified("--rate"), !parsed.flag("--realtime") {
            throw parsed.usageError("'--rate' requires '--realtime'.")
        }
        let driveRequest = try DriveOptions.request(parsed, pushSinks: context.app.pushSinks)
        let mapPath = parsed.string("--map")
        if parsed.isSpecified("--context"), mapPath == nil {
            throw parsed.usageError("'--context' requires '--map'.")
        }
        let mapBackground = try MapContextOption.context(parsed)
        let invocation: ReplayInvocation
        switch try ReplayInvocation.prepare(parsed, context, outputs: mapPath.map { [("--map", $0)] } ?? []) {
        case .ready(let prepared): invocation = prepared
        case .finished(let status): return status
        }
        let (gpx, configuration, runner) = (invocation.gpx, invocation.configuration, invocation.runner)
        for warning in configuration.warnings { context.stderr.write("warning: \(warning)\n") }
        let drive = try driveRequest?.start(context, runner: SystemProcessRunner(environment: context.environment))

        let jsonl = parsed.string("--format") == "jsonl"
        let formatter = TimelineFormatter(
            color: Diagnostics.colorIsEnabled(isTerminal: context.stdout.isTerminal, environment: context.environment))
        let realtime = parsed.flag("--realtime")
        // The file is opened once for the whole command (every lap and look-ahead reads it).
        let file = GPXFile(path: invocation.path)
        // The progress line goes to a terminal's stderr only (never into a pipe or a log); its
        // total comes from a dry run of the drive over the same file, cheap beside real-time pacing.
        let progress =
            realtime && context.stderr.isTerminal
            ? ProgressLine(output: context.stderr, label: gpx, total: configuration.driveDuration(of: file))
            : nil
        let pacer = realtime ? RealtimePacer(clock: context.clock, rate: rate, progress: progress) : nil
        let scene = MapSceneBuilder(
            enabled: mapPath != nil,
            settings: MapSceneBuilder.settings(invocation.settings, table: context.app.settingsTable, gpx: gpx),
            configuration: configuration)

        let emit = { (line: TranscriptLine) in
            progress?.clear()
            scene.add(line)
            context.stdout.write(jsonl ? TerminalText(lines: line.text + "\n") : formatter.line(line))
            if pacer != nil { context.stdout.flush() }
        }
        defer { drive?.finish() }
        let summary: ReplaySummary
        do {
            summary = try runner.run(
                gpx: file, displayPath: gpx,
                rawFix: mapPath == nil && drive == nil
                    ? nil
                    : { fix in
                        if mapPath != nil { scene.addTrackPoint(fix.coordinate) }
                        drive?.rawFix(fix, wait: { pacer?.wait(until: $0) }, emit: emit)
                    }
            ) { line in
                pacer?.wait(until: line.t)
                emit(line)
                drive?.line(line, emit: emit)
            }
        } catch {
            progress?.clear()
            context.stdout.flush()
            invocation.recording.reportMisses()
            return try ReplayFailure.report(error, gpx: gpx, context: context)
        }
        // Pacing covers the whole virtual duration, not only up to the last event.
        pacer?.wait(until: summary.duration)
        progress?.clear()
        // Everything on stderr from here on comes after the last transcript line, also when both
        // streams go to one pipe (`2>&1`).
        context.stdout.flush()
        if let status = invocation.finishRecording(context) { return status }
        if let mapPath {
            let redactor = context.redactor
            var options = SVGMapOptions(title: gpx)
            options.context = mapBackground
            try scene.write(
                to: context.absolutePath(mapPath), shownAs: mapPath, options: options,
                redact: { redactor.redactText($0) })
        }
        for var warning in summary.file.warnings {
            warning.file = gpx
            context.stderr.write("\(lines: warning.description)\n")
        }
        if !jsonl {
            context.stderr.write("\(ReplaySummaryText.line(summary))\n")
        }
        return .success
    }
}
