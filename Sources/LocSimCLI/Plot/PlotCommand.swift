import Foundation
import Replay

/// `locsim plot <gpx> -o FILE.svg`: replays a track (same engine flags as `replay`) and draws
/// it as a self-contained SVG map instead of printing the transcript.
enum PlotCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "plot",
        abstract: "Draw a replay as an SVG map: fixes, accuracy and distance-filter circles, places, pushes.",
        discussion: "Runs the same pipeline as 'locsim replay' (offline: providers answer from the cassettes under "
            + "--cassettes) and writes the map; nothing is printed on stdout.",
        arguments: [ArgumentSpec("gpx", help: "The GPX file to draw.", arity: .required)],
        options: [
            .option("--output", short: "-o", value: "file.svg", help: "Where to write the SVG map.", required: true)
        ] + ReplayOptions.engine + ReplayOptions.geocoding + ReplayOptions.services + RecordingFlags.options
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let gpx = parsed.argument("gpx"), let output = parsed.string("--output") else {
            throw parsed.usageError("Missing expected argument '<gpx>'")
        }
        let configuration = try ReplayOptions.configuration(parsed, environment: context.environment)
        let path = context.absolutePath(gpx)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.noInput, "\(gpx): no such file")
        }
        let recording = try RecordingFlags.session(parsed, context: context, gpx: gpx)
        let geocoder = try GeocoderFactory.make(configuration, client: recording.client)
        let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: recording.client)
        let scene = MapSceneBuilder(
            enabled: true, settings: MapSceneBuilder.settings(parsed, gpx: gpx), configuration: configuration)
        let summary: ReplaySummary
        do {
            summary = try runner.run(gpxPath: path, displayPath: gpx, rawFix: { scene.addTrackPoint($0) }) { line in
                scene.add(line)
            }
        } catch {
            return try ReplayFailure.report(error, gpx: gpx, context: context)
        }
        try scene.write(to: context.absolutePath(output), title: gpx)
        context.stderr.write(ReplaySummaryText.line(summary) + "\n")
        context.diagnostics.note("wrote \(output)")
        return .success
    }
}
