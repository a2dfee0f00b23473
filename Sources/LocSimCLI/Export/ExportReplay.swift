import LocSimExport
import LocSimGPX
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport

/// Runs the replay an export writes: the pipeline (``ReplayRunner``), whose one drive hands out
/// the transcript and every raw fix with its instant.
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
        var fixes: [RawFix] = []
        do {
            _ = try runner.run(
                gpxPath: source.path, displayPath: source.display, rawFix: { fixes.append($0) },
                sink: { transcript.append($0) })
        } catch {
            return .finished(try ReplayFailure.report(error, gpx: source.display, context: context))
        }
        return .ready(
            ExportInput(
                name: source.name, source: source.display, rawFixes: fixes, transcript: transcript,
                filterRadius: configuration.engine.filterDistance, interval: configuration.playback.interval))
    }
}
