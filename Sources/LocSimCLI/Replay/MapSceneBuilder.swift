import Foundation
import LocSimLocationCore
import LocSimMap
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

    /// The caption's settings: the run's (flags over the scenario's, over the defaults), each
    /// worded by the settings table as `--help` and `scenario.json` word it.
    static func settings(_ settings: ReplaySettings, table: [ReplaySettingSpec], gpx: String) -> [(String, String)] {
        func text(_ flag: String) -> String { table.first { $0.flag == flag }?.text(of: settings) ?? "" }
        var caption: [(String, String)] = [("track", gpx)]
        if settings.significantChange {
            caption.append(("mode", "significant-change"))
        } else {
            let filter = text("--distance-filter")
            caption.append(("distanceFilter", settings.distanceFilter == .none ? filter : filter + " m"))
        }
        caption.append(("desiredAccuracy", text("--accuracy")))
        caption.append(("seed", settings.noise ? text("--seed") : "no noise"))
        caption.append(("interval", text("--interval") + " s"))
        caption.append(("geocoder", text("--geocoder")))
        caption.append(("providers", text("--providers")))
        return caption
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
