import Foundation
import LocSimSupport
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 35, defect 8: every type a recipe of docs/recordings.md names comes with
/// `import LocSimURLProtocol` alone (this file imports nothing else of locsim), and the built-in
/// providers' position rules serve a client of your own.
@Suite struct RecipeImportTests {
    /// A cassette of one GET of `url` answered with `body`, as the recorder writes it.
    static func cassette(_ url: String, body: String) -> String {
        """
        {
          "interactions" : [
            {
              "recordedAt" : "2026-01-01T00:00:00Z",
              "request" : { "body" : "", "bodyEncoding" : "text", "headers" : {}, "method" : "GET", "url" : "\(url)" },
              "response" : { "body" : \(body), "bodyEncoding" : "json", "headers" : { "Content-Type" : "application/json" }, "status" : 200 }
            }
          ],
          "version" : 1
        }
        """
    }

    @Test func theRecipesTypesComeWithTheProduct() throws {
        let secrets = [SecretDeclaration(variable: "NWS_USER_AGENT", headers: ["User-Agent"])]
        let own = EndpointDeclaration(
            key: "my-alerts", defaultBaseURL: "https://alerts.example.com/v2",
            positions: [PositionField.path("/{lat}/{lon}")])
        let rules: [PositionRule] = EndpointDeclaration.nws.positionRules + own.positionRules
        let matching = MatchingRules(coordinates: MatchingRules.Coordinates(metres: 500), positions: rules)
        let mode: RecordMode = .newEpisodes
        let options = RecordingOptions(cassettesDirectory: "/nonexistent", environment: [:], secrets: secrets)
        #expect(matching.positions.count == 3)
        #expect(mode.rawValue == "new-episodes")
        #expect(options.secrets == secrets)
        #expect(throws: RecordingError.self) {
            _ = try LocSimCassetteSession(cassette: URL(fileURLWithPath: "/nonexistent/c.json"), environment: [:])
        }
        let error = CassetteError(kind: .missing, path: "c.json", reason: "r")
        let summary = RecordingSummary(replayed: 0, recorded: 0, written: nil)
        #expect(error.kind == .missing && summary.recorded == 0)
    }

    /// NWS `/points/{lat},{lon}`: a client of your own, given the `nws` providers' rules, is
    /// answered by the nearest recorded point; without them the path must match exactly.
    @Test(arguments: [
        ("https://api.weather.gov/points/29.5947,-90.7224", "https://api.weather.gov/points/29.5958,-90.7195", "nws"),
        (
            "https://weatherkit.apple.com/api/v1/weather/en/29.5947/-90.7224",
            "https://weatherkit.apple.com/api/v1/weather/en/29.5958/-90.7195", "weatherkit"
        ),
    ])
    func theBuiltInPositionRulesServeYourOwnClient(recorded: String, asked: String, service: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let url = try fixture.write(Self.cassette(recorded, body: #"{"near":true}"#), to: "c.json")
        let endpoint = service == "nws" ? EndpointDeclaration.nws : EndpointDeclaration.weatherKit
        let session = try LocSimURLSession.replaying(
            cassette: url, matching: MatchingRules(positions: endpoint.positionRules))
        defer { session.invalidateAndCancel() }
        let (data, _) = try await session.data(from: URL(string: asked)!)
        #expect(String(decoding: data, as: UTF8.self) == #"{"near":true}"#)

        let strict = try LocSimCassetteSession(cassette: url, environment: [:], reportsMisses: false).session
        defer { strict.invalidateAndCancel() }
        await #expect(throws: URLError.self) { _ = try await strict.data(from: URL(string: asked)!) }
    }

    @Test func theBuiltInEndpointsAreTheProvidersOwn() {
        #expect(EndpointDeclaration.nws.positions == [.query("point"), .path("/points/{lat},{lon}")])
        #expect(EndpointDeclaration.openWeatherMap.defaultHost == "api.openweathermap.org")
        #expect(EndpointDeclaration.openWeatherMap.positions == [.queryPair(latitude: "lat", longitude: "lon")])
        #expect(EndpointDeclaration.weatherKit.positions == [.path("/api/v1/weather/*/{lat}/{lon}")])
    }
}
