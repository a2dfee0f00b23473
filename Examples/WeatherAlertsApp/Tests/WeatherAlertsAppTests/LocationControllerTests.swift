import Foundation
import LocSim
import Testing
import WeatherAlertsApp

/// The app's `LocationController` driven by locsim's `SimulatedDevice` along the example's drive,
/// compared with a golden transcript byte for byte.
struct LocationControllerTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/location-controller.jsonl")

    /// Updates every 1 km and Apple's throttle tightened to 2 requests per 5 minutes, so the
    /// controller's skip rule, the throttle and its retry all show within the short drive.
    static var settings: ReplaySettings {
        var settings = ReplaySettings()
        settings.distanceFilter = .metres(1000)
        settings.geocodeLimit = GeocodeLimit(argument: "2/300")
        return settings
    }

    /// The transcript of one drive with a controller waiting `retryDelay` after a throttle error
    /// (the tightened limit's window by default) and debouncing each posted place by
    /// `quietPeriod` on the device's clock.
    static func drive(retryDelay: Double = 300, quietPeriod: Duration? = .seconds(120)) async throws -> String {
        let device = try SimulatedDevice(
            track: ExampleScenarios.packageRoot.appendingPathComponent("Waypoints/franklin-to-morgan-city.gpx"),
            settings: settings)
        let controller = LocationController(
            geocoder: DeviceGeocoding(geocoder: device.geocoder), notificationCenter: device.notificationCenter,
            retryDelay: retryDelay, clock: device.clock, quietPeriod: quietPeriod)
        await controller.run(updates: device.locationManagerUpdates.samples)
        return device.transcriptText
    }

    static func diff(_ text: String) throws -> UnifiedDiff {
        let environment = ProcessInfo.processInfo.environment
        if environment["UPDATE_GOLDEN"] == "1", environment["CI"]?.isEmpty ?? true {
            // A deliberate re-bless: `UPDATE_GOLDEN=1 swift test`, never on CI.
            try Data(text.utf8).write(to: golden, options: .atomic)
        }
        return UnifiedDiff(
            old: try String(contentsOf: golden, encoding: .utf8), new: text,
            oldLabel: "Tests/WeatherAlertsAppTests/Golden/location-controller.jsonl", newLabel: "this run")
    }

    @Test func theDriveMatchesItsGoldenTranscript() async throws {
        let text = try await Self.drive()
        let diff = try Self.diff(text)
        #expect(diff.isEmpty, "\(diff.text)")
        #expect(text.contains(#""event":"LOCATION_AVAILABLE""#))
        #expect(text.contains(#""code":2,"event":"geocode_failed""#), "the drive shows a throttle error")
    }

    @Test func theTranscriptIsByteIdenticalOverFiftyRuns() async throws {
        let first = try await Self.drive()
        for _ in 1..<50 {
            #expect(try await Self.drive() == first)
        }
    }

    @Test func retryingAtOnceAfterAThrottleShowsUpInTheDiff() async throws {
        let diff = try Self.diff(try await Self.drive(retryDelay: 0))
        let text = diff.text
        #expect(!diff.isEmpty)
        #expect(text.contains("--- Tests/WeatherAlertsAppTests/Golden/location-controller.jsonl"))
        #expect(text.contains(#"+{"code":2,"event":"geocode_failed""#), "\(text)")
    }

    @Test func inAFullReplayTheControllerPostsWhatItPostsOnTheDevice() async throws {
        var settings = Self.settings
        settings.providers = []
        settings.push = false
        var app = ReplayApp()
        app.locationController = AppLocationController(retryDelay: 300)
        let runner = ReplayRunner(
            configuration: try settings.configuration(app: app), geocoder: OfflineGazetteer(), client: NoHTTPClient(),
            app: app)
        let (lines, _) = try await runner.run(
            gpxPath: ExampleScenarios.packageRoot.appendingPathComponent("Waypoints/franklin-to-morgan-city.gpx").path)
        // The full replay has no clock to sleep on: compare with the device drive without the debounce.
        let golden = try await Self.drive(quietPeriod: nil).split(separator: "\n").map(String.init)
        for event in ["LOCATION_AVAILABLE", "geocode", "geocode_failed", "location"] {
            let marker = "\"event\":\"\(event)\""
            let replayed = lines.map(\.text).filter { $0.contains(marker) }
            #expect(!replayed.isEmpty)
            #expect(replayed == golden.filter { $0.contains(marker) }, "\(event)")
        }
    }
}

/// The location half makes no HTTP request.
struct NoHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no HTTP in this test: \(request.url)")
    }
}
