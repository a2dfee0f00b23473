import Foundation
import HTTPRecording
import LocSimSupport
import MapRender
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
            .option("--output", short: "-o", value: "file.svg", help: "Where to write the SVG map.", required: true),
            .option(
                "--context", value: "list",
                help: "Background geography under the run, a comma list of coast, borders (countries) and states "
                    + "(states and provinces; North America and Japan), or all (Natural Earth, public domain).",
                default: "none"),
        ] + ReplayOptions.engine + ReplayOptions.geocoding + ReplayOptions.services + RecordingFlags.options
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let output = parsed.string("--output") else { throw parsed.usageError("Missing value for '--output'") }
        let background = try mapContext(layers: contextLayers(parsed))
        let invocation: ReplayInvocation
        switch try ReplayInvocation.prepare(parsed, context, outputs: [("--output", output)]) {
        case .ready(let prepared): invocation = prepared
        case .finished(let status): return status
        }
        let gpx = invocation.gpx
        let scene = MapSceneBuilder(
            enabled: true, settings: MapSceneBuilder.settings(parsed, gpx: gpx), configuration: invocation.configuration
        )
        let summary: ReplaySummary
        do {
            summary = try invocation.runner.run(
                gpxPath: invocation.path, displayPath: gpx, rawFix: { scene.addTrackPoint($0) },
                sink: { line in scene.add(line) })
        } catch {
            return try ReplayFailure.report(error, gpx: gpx, context: context)
        }
        if let status = invocation.finishRecording(context) { return status }
        let redactor = context.redactor
        var options = SVGMapOptions(title: gpx)
        options.context = background
        try scene.write(
            to: context.absolutePath(output), shownAs: output, options: options, redact: redactor.redactText)
        context.stderr.write(ReplaySummaryText.line(summary) + "\n")
        context.diagnostics.note("wrote \(output)")
        return .success
    }

    /// The context to draw, nil for none; the bundled lines are read before anything runs.
    static func mapContext(layers: [MapContextLayer]) throws -> MapContext? {
        guard !layers.isEmpty else { return nil }
        switch MapContextLines.bundled {
        case .success(let lines): return MapContext(layers: layers, lines: lines)
        case .failure(let error):
            throw CommandFailure(.software, "cannot draw --context: \(error) (the installation is incomplete)")
        }
    }

    /// The `--context` layers, in drawing order; a name that is no layer is a usage error with
    /// a suggestion.
    static func contextLayers(_ parsed: ParsedCommand) throws(UsageError) -> [MapContextLayer] {
        guard let text = parsed.string("--context") else { return [] }
        switch MapContextLayer.parseList(text) {
        case .success(let layers): return layers
        case .failure(let invalid):
            let suggestion =
                invalid.name.closest(among: MapContextLayer.listNames, maximumDistance: 2).map {
                    " Did you mean '\($0)'?"
                } ?? ""
            throw parsed.usageError(
                "The value '\(invalid.name)' is invalid for '--context <list>'. Expected a comma list of "
                    + ListText.joined(MapContextLayer.listNames, quote: "'") + ".\(suggestion)")
        }
    }
}
