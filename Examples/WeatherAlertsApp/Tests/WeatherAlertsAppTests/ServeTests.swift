import Foundation
import LocSim
import LocSimScenarioTesting
import LocSimServe
import LocSimURLProtocol
import Testing
import WeatherAlertsApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's adapter with a plain `URLSession` whose base URL points at `locsim serve`
/// (started in-process with the example's app, whose `app-xweather` key only it registers):
/// the same answers, and so the same transcript, as the in-process run.
struct ServeTests {
    static let cassette = ExampleScenarios.recordings
        .appendingPathComponent("franklin-to-morgan-city/cassette.json").path

    static func server(app: ReplayApp) throws -> CassetteServer {
        let session = try RecordingSession(options: RecordingOptions(cassettePaths: [cassette], secrets: app.secrets))
        return try CassetteServer(app: app, session: session)
    }

    @Test func theAdapterGetsTheSameAnswersThroughServeAsInProcess() async throws {
        let server = try Self.server(app: try ExampleScenarios.app())
        defer { server.shutdown() }
        let served = XweatherAlertsClient(
            session: URLSession(configuration: .ephemeral), baseURL: URL(string: server.baseURL + "/app-xweather")!,
            clientID: "<XWEATHER_CLIENT_ID>", clientSecret: "<XWEATHER_CLIENT_SECRET>")
        let inProcess = try RecordingSession(options: RecordingOptions(cassettePaths: [Self.cassette]))
        for (city, state) in [("Franklin", "LA"), ("Patterson", "LA"), ("Bayou Vista", "LA"), ("Berwick", "LA")] {
            let direct = try await LocSimURLSession.withSession(answering: inProcess.client) { session in
                try await XweatherAlertsClient(
                    session: session, baseURL: URL(string: "https://data.api.xweather.com")!,
                    clientID: "<XWEATHER_CLIENT_ID>", clientSecret: "<XWEATHER_CLIENT_SECRET>"
                )
                .alerts(city: city, state: state)
            }
            let throughServe = try await served.alerts(city: city, state: state)
            #expect(throughServe == direct, "\(city)")
        }
        #expect(server.requests.map(\.outcome) == Array(repeating: .replayed, count: 4))
        #expect(try await served.alerts(city: "Franklin", state: "LA").first?.title == "Coastal Flood Advisory")
    }

    @Test func theScenarioThroughServeMatchesItsGoldenTranscript() async throws {
        let server = try Self.server(app: try ExampleScenarios.app())
        defer { server.shutdown() }
        let base = URL(string: server.baseURL + "/app-xweather")!
        var provider = AppXweatherProvider()
        // The app's own adapter, but on a plain URLSession talking HTTP to the server.
        provider.makeClient = { _, _, id, secret in
            XweatherAlertsClient(
                session: URLSession(configuration: .ephemeral), baseURL: base, clientID: id, clientSecret: secret)
        }
        let transcript = try await ScenarioAssertion.assert(
            "franklin-to-morgan-city", in: ExampleScenarios.recordings, app: ExampleScenarios.app(provider: provider),
            environment: [:])
        #expect(transcript.events(named: "APP_NOTIFICATION").first?.string("title") == "⚠️ Coastal Flood Advisory")
        #expect(!server.requests.isEmpty)
        #expect(server.requests.allSatisfy { $0.outcome == .replayed && $0.path.hasPrefix("/app-xweather/alerts/") })
    }
}
