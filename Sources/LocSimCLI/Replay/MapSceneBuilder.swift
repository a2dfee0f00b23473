import Foundation
import LocSimLocationCore
import LocSimMap
import LocSimPluginOptions
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport

/// Collects a replay into a ``MapScene`` while it streams (when `--map` is given) and writes
/// the SVG atomically at the end.
final class MapSceneBuilder {
    private var scene: MapScene?

    init(enabled: Bool, settings: [(String, String)], configuration: ReplayConfiguration) {
        guard enabled else { return }
        scene = MapScene(settings: settings, distanceFilter: configuration.engine.filterDistance)
    }

    func addTrackPoint(_ coordinate: Coordinate) {
        scene?.addTrackPoint(coordinate)
    }

    func add(_ line: TranscriptLine) {
        scene?.add(line)
    }

    /// The caption's settings, from the command line.
    static func settings(_ parsed: ParsedCommand, gpx: String) -> [(String, String)] {
        var settings: [(String, String)] = [("track", gpx)]
        if parsed.flag("--significant-change") {
            settings.append(("mode", "significant-change"))
        } else {
            settings.append(("distanceFilter", (parsed.string("--distance-filter") ?? "3000") + " m"))
        }
        settings.append(("desiredAccuracy", parsed.string("--accuracy") ?? "kilometer"))
        settings.append(("seed", parsed.flag("--no-noise") ? "no noise" : parsed.string("--seed") ?? "0"))
        settings.append(("interval", (parsed.string("--interval") ?? "1") + " s"))
        settings.append(("geocoder", parsed.string("--geocoder") ?? ReplaySettings().geocoder.rawValue))
        settings.append(
            (
                "providers",
                parsed.string("--providers")
                    ?? ReplaySettings.defaultProviders.map(\.rawValue).joined(separator: ",")
            ))
        return settings
    }

    /// Renders the map with `options` (title, context layers) and writes it atomically to
    /// `path`, each text through `redact` (the run's ``Redactor/redactText(_:)``) before it is
    /// XML-escaped; messages name it as `shownAs`.
    func write(
        to path: String, shownAs: String, options: SVGMapOptions,
        redact: @escaping @Sendable (String) -> String = { $0 }
    ) throws {
        guard let scene else { return }
        let svg = SVGMapRenderer.render(scene, options: options, redact: redact)
        do {
            try AtomicFileWriter(writesSpecialFilesInPlace: true).write(svg, to: path)
        } catch {
            throw WriteFailure.failure(writing: shownAs, error)
        }
    }
}
