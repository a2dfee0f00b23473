import Foundation
import LocSimURLProtocol
import Testing
import WeatherAlertsApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's own URLSession adapter, unit-tested against the scenario's cassette with one line
/// of set-up: no scenario, no loopback server.
struct XweatherAlertsClientTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/franklin-to-morgan-city")

    func client(_ session: URLSession) -> XweatherAlertsClient {
        XweatherAlertsClient(
            session: session, baseURL: URL(string: "https://data.api.xweather.com")!, clientID: "id",
            clientSecret: "secret")
    }

    @Test func franklinHasItsCoastalFloodAdvisory() async throws {
        let session = try LocSimURLSession.replaying(scenario: Self.scenario)
        defer { session.invalidateAndCancel() }
        let alerts = try await client(session).alerts(city: "Franklin", state: "LA")
        #expect(alerts.map(\.title).contains("Coastal Flood Advisory"))
        #expect(try await client(session).alerts(city: "Berwick", state: "LA").isEmpty)
    }

    @Test func aPlaceNotRecordedFailsWithTheClosestRecordedRequest() async throws {
        let session = try LocSimURLSession.replaying(scenario: Self.scenario)
        defer { session.invalidateAndCancel() }
        let error = try #require(
            await #expect(throws: URLError.self) {
                _ = try await client(session).alerts(city: "Morgan City", state: "LA")
            })
        #expect(
            error.localizedDescription.hasPrefix("no recorded interaction answers GET https://data.api.xweather.com"))
        #expect(error.localizedDescription.contains("closest: GET https://data.api.xweather.com/alerts/"))
    }
}
