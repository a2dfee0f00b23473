import Foundation
import LocSimCanonicalJSON
import LocSimGPX
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimPluginOptions
import LocSimReplay
import LocSimSimulation
import LocSimWeather

/// What one replay produced.
struct ReplayOutcome {
    var lines: [TranscriptLine]
    var summary: ReplaySummary

    /// The transcript as `--format jsonl` prints it.
    var jsonl: String { lines.map { $0.text + "\n" }.joined() }

    /// The event names in order.
    var events: [String] { lines.map(\.notification.name.rawValue) }

    /// The lines of one event.
    func lines(_ name: NotificationName) -> [TranscriptLine] {
        lines.filter { $0.notification.name == name }
    }
}

/// A configuration for pipeline tests: no noise, no providers, filter `none`, points only.
func testConfiguration(
    distanceFilter: DistanceFilter = .none, interval: Double = 0, noise: Bool = false,
    geocoding: GeocodeSessionConfiguration = GeocodeSessionConfiguration(throttle: nil),
    providers: [ProviderName] = []
) -> ReplayConfiguration {
    var configuration = ReplayConfiguration(
        engine: LocationEngine.Configuration(distanceFilter: distanceFilter, noise: noise),
        playback: Playback.Configuration(interval: interval)!,
        geocoding: geocoding)
    configuration.services.providers = providers
    return configuration
}

/// Writes `gpx` into a temporary directory and replays it.
func replay(
    _ gpx: String, _ configuration: ReplayConfiguration, geocoder: (any ReverseGeocoder)? = StubGeocoder(),
    client: any HTTPClient = ScriptedHTTPClient()
) throws -> ReplayOutcome {
    let fixture = try GPXFixture()
    defer { fixture.remove() }
    let path = try fixture.write(gpx)
    var lines: [TranscriptLine] = []
    let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: client)
    let summary = try runner.run(gpxPath: path, displayPath: "track.gpx") { lines.append($0) }
    return ReplayOutcome(lines: lines, summary: summary)
}

extension TranscriptLine {
    subscript(key: String) -> String? { notification.userInfo[key] }

    /// The line's coordinate (`latitude`, `longitude`), parsed.
    var coordinate: Coordinate? {
        guard let lat = self["latitude"].flatMap(Double.init), let lon = self["longitude"].flatMap(Double.init) else {
            return nil
        }
        return Coordinate(latitude: lat, longitude: lon)
    }
}
