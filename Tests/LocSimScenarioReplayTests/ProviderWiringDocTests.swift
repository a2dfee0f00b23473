import Foundation
import LocSimAppServices
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather
import Testing

/// docs/providers.md, "Wiring a replay": the block is quoted from this file and runs here (it
/// showed `ProviderCredentials`, `BaseURLs` and `WeatherProviderID`, which no longer exist).
@Suite struct ProviderWiringDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A provider of the user's own: one advisory for every place.
    struct TestAlertProvider: WeatherProvider {
        var name: ProviderName { "test-alerts" }

        func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
            [.advisories([Advisory(provider: name, name: "Test Advisory for \(place.city)", body: "Test.")])]
        }
    }

    @Test func theDocumentedWiringReplaysWithTheUsersProvider() throws {
        let recordings = Self.root.appendingPathComponent("Recordings").path
        let track = Self.root.appendingPathComponent("Waypoints/franklin-la.gpx").path
        var app = ReplayApp()  // the original app: built-in providers, weather and push services
        try app.providers.register(TestAlertProvider())  // yours, by name
        var settings = ReplaySettings()  // every `locsim replay` default
        settings.providers = ["aeris", "test-alerts"]  // --providers
        let configuration = try settings.configuration(app: app)  // ReplaySettingsError names the option
        let session = try RecordingSession(
            options: RecordingOptions(cassettesDirectory: recordings, secrets: app.secrets))  // offline
        let runner = ReplayRunner(
            configuration: configuration, geocoder: OfflineGazetteer(), client: session.client, app: app)
        var transcript: [TranscriptLine] = []
        let summary = try runner.run(gpxPath: track) { transcript.append($0) }
        let pushes = transcript.filter { $0.notification.name == "push" }.map(\.text)
        #expect(summary.deliveredFixes == 1)
        #expect(pushes.count == 2)
        #expect(pushes.contains { $0.contains("Weather Advisory for Franklin, LA:  Coastal Flood Advisory") })
        #expect(pushes.contains { $0.contains("Weather Advisory for Franklin, LA:  Test Advisory for Franklin") })
    }

    @Test func theDocQuotesThisFileVerbatim() throws {
        let marker = "<!-- quote: Tests/LocSimScenarioReplayTests/ProviderWiringDocTests.swift -->\n```swift\n"
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/providers.md"), encoding: .utf8)
        let start = try #require(page.range(of: marker))
        let end = try #require(page[start.upperBound...].range(of: "```\n"))
        let block = String(page[start.upperBound..<end.lowerBound])
        #expect(block.contains("ReplayRunner("))
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(source.contains(block), "docs/providers.md quotes a block that is not in this file:\n\(block)")
    }
}
