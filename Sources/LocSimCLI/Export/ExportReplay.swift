import LocSimExport
import LocSimGPX
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport

/// Runs the replay an export writes: the pipeline (``ReplayRunner``) for the transcript, and the
/// same playback over the file's source points for the raw fixes with their instants, checked
/// fix by fix against the runner's own.
enum ExportReplay {
    enum Outcome {
        case ready(ExportInput)
        case finished(ExitCode)
    }

    static func run(_ source: ExportSource, context: CommandContext) throws -> Outcome {
        let configuration = source.configuration
        let geocoder = try GeocoderFactory.make(configuration, client: source.client, app: context.app)
        let runner = ReplayRunner(
            configuration: configuration, geocoder: geocoder, client: source.client, app: context.app)
        var transcript: [TranscriptLine] = []
        var coordinates: [Coordinate] = []
        do {
            _ = try runner.run(
                gpxPath: source.path, displayPath: source.display, rawFix: { coordinates.append($0) },
                sink: { transcript.append($0) })
        } catch {
            return .finished(try ReplayFailure.report(error, gpx: source.display, context: context))
        }
        let fixes = RawFixPlayer.fixes(
            of: try points(path: source.path, source: configuration.source), playback: configuration.playback,
            laps: configuration.lapSequence)
        guard fixes.map(\.coordinate) == coordinates else {
            throw CommandFailure(
                .software,
                "internal error: the export's \(fixes.count) raw fixes differ from the replay's \(coordinates.count)")
        }
        let engine = configuration.engine
        let radius: Double? =
            switch (engine.significantChange, engine.distanceFilter) {
            case (true, _): 500
            case (false, .none): nil
            case (false, .metres(let metres)): metres
            }
        return .ready(
            ExportInput(
                name: source.name, source: source.display, rawFixes: fixes, transcript: transcript,
                filterRadius: radius))
    }

    /// The points of one pass over the track at `path`, chosen as the replay chooses them
    /// (`source`: `--source`, `nil` for tracks, else routes, else waypoints).
    static func points(path: String, source: GPXPointKind?) throws -> [PlaybackPoint] {
        var selector = SourceSelector(forced: source)
        var points: [PlaybackPoint] = []
        _ = try GPXReader().read(fileAt: path) { point in
            if let selected = selector.accept(point) { points.append(selected) }
        }
        return points + selector.finish().points
    }
}
