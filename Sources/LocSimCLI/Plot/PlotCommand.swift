import Foundation
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimMap
import LocSimReplay
import LocSimSupport

/// `locsim plot <gpx> -o FILE.svg`: replays a track (same engine flags as `replay`) and draws
/// it as a self-contained SVG map instead of printing the transcript.
enum PlotCommand: LocSimCommand {
    static let spec: CommandSpec = spec(for: ReplayApp())

    /// The command for `app`: its settings' options.
    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "plot",
            abstract: "Draw a replay as an SVG map: fixes, accuracy and distance-filter circles, places, pushes.",
            discussion: "Runs the same pipeline as 'locsim replay' (offline: providers answer from the cassettes under "
                + "--cassettes) and writes the map; nothing is printed on stdout.",
            arguments: [ArgumentSpec("gpx", help: "The GPX file to draw.", arity: .required)],
            options: [
                .option(
                    "--output", short: "-o", value: "file.svg", help: "Where to write the SVG map.", required: true),
                MapContextOption.option,
            ] + ReplayOptions.options(for: app) + RecordingFlags.options
        )
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let output = parsed.string("--output") else { throw parsed.usageError("Missing value for '--output'") }
        let background = try MapContextOption.context(parsed)
        let invocation: ReplayInvocation
        switch try ReplayInvocation.prepare(parsed, context, outputs: [("--output", output)]) {
        case .ready(let prepared): invocation = prepared
        case .finished(let status): return status
        }
        let gpx = invocation.gpx
        let scene = MapSceneBuilder(
            enabled: true,
            settings: MapSceneBuilder.settings(invocation.settings, table: context.app.settingsTable, gpx: gpx),
            configuration: invocation.configuration
        )
        let summary: ReplaySummary
        do {
            summary = try invocation.runner.run(
                gpxPath: invocation.path, displayPath: gpx, rawFix: { scene.addTrackPoint($0.coordinate) },
                sink: { line in scene.add(line) })
        } catch {
            return try ReplayFailure.report(error, gpx: gpx, context: context)
        }
        if let status = invocation.finishRecording(context) { return status }
        let redactor = context.redactor
        var options = SVGMapOptions(title: gpx)
        options.context = background
        try scene.write(
            to: context.absolutePath(output), shownAs: output, options: options, redact: { redactor.redactText($0) })
        context.stderr.write("\(ReplaySummaryText.line(summary))\n")
        context.diagnostics.note("wrote \(output)")
        return .success
    }
}
