import Foundation
import Geocoding
import HTTPRecording
import LocationCore
import MapRender
import Replay
import Simulation

/// `locsim replay <gpx>`: plays a GPX track through the location engine, the geocoder, the
/// weather services and the push controller, printing the transcript.
enum ReplayCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Replay a GPX track through the simulated location pipeline.",
        discussion: "Providers are answered from the cassettes under --cassettes unless --live is given; "
            + "a request no cassette answers becomes a provider_error event, never a network call.",
        arguments: [ArgumentSpec("gpx", help: "The GPX file to replay.", arity: .required)],
        options: [
            .option("--format", value: "format", help: "Output format.", default: "text", values: ["text", "jsonl"])
        ] + ReplayOptions.engine + ReplayOptions.geocoding + ReplayOptions.services + RecordingFlags.options + [
            .flag("--realtime", help: "Pace the virtual clock against the wall clock."),
            .option("--rate", value: "x", help: "With --realtime: x times faster than real time.", default: "1"),
            .option("--map", value: "file.svg", help: "Also draw the replay as an SVG map."),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let gpx = parsed.argument("gpx") else { throw parsed.usageError("Missing expected argument '<gpx>'") }
        let configuration = try ReplayOptions.configuration(parsed, environment: context.environment)
        let rate =
            try parsed.value("--rate", expected: "a positive number") {
                Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? 1
        try RecordingFlags.validate(parsed, environment: context.environment)
        let mapPath = parsed.string("--map")
        if let mapPath {
            let directory = (context.absolutePath(mapPath) as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw parsed.usageError(
                    "The value '\(mapPath)' is invalid for '--map <file.svg>'. Expected a file in an existing directory."
                )
            }
        }
        let path = context.absolutePath(gpx)
        guard FileManager.default.fileExists(atPath: path) else {
            // Worded as the GPX reader and `validate` word it.
            context.stderr.write("\(gpx): error: no such file or directory\n")
            return .noInput
        }
        let recording: RecordingSessionHandle
        do {
            recording = try RecordingFlags.session(parsed, context: context, gpx: gpx)
        } catch {
            context.stderr.write(error.text)
            return error.exitCode
        }
        let geocoder = try GeocoderFactory.make(configuration, client: recording.client)
        let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: recording.client)

        let jsonl = parsed.string("--format") == "jsonl"
        let formatter = TimelineFormatter(
            color: Diagnostics.colorIsEnabled(isTerminal: context.stdout.isTerminal, environment: context.environment))
        let realtime = parsed.flag("--realtime")
        let progress = realtime && context.stderr.isTerminal ? ProgressLine(output: context.stderr, label: gpx) : nil
        let pacer = realtime ? RealtimePacer(clock: context.clock, rate: rate, progress: progress) : nil
        let scene = MapSceneBuilder(
            enabled: mapPath != nil, settings: MapSceneBuilder.settings(parsed, gpx: gpx),
            configuration: configuration)

        let summary: ReplaySummary
        do {
            summary = try runner.run(
                gpxPath: path, displayPath: gpx,
                rawFix: mapPath == nil ? nil : { scene.addTrackPoint($0) }
            ) { line in
                pacer?.wait(until: line.t)
                progress?.clear()
                scene.add(line)
                context.stdout.write(jsonl ? line.text + "\n" : formatter.line(line))
                if pacer != nil { context.stdout.flush() }
            }
        } catch {
            progress?.clear()
            return try ReplayFailure.report(error, gpx: gpx, context: context)
        }
        // Pacing covers the whole virtual duration, not only up to the last event.
        pacer?.wait(until: summary.duration)
        progress?.clear()
        do {
            try recording.finish(context: context)
        } catch {
            context.stderr.write(error.text)
            return error.exitCode
        }
        if let mapPath {
            try scene.write(to: context.absolutePath(mapPath), shownAs: mapPath, title: gpx)
        }
        if !jsonl {
            context.stderr.write(ReplaySummaryText.line(summary) + "\n")
        }
        return .success
    }
}
