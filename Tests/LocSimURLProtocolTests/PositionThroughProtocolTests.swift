import Foundation
import LocSimHTTPRecording
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLProtocol matches positions as `replay`, `test` and `serve` do: the nearest recording
/// answers, on the common parameters and on positions the caller declares.
@Suite struct PositionThroughProtocolTests {
    static let recorded = [
        Fixture.get("https://api.weather.gov/alerts/active?point=29.5947,-90.7224", json: #"{"near":true}"#),
        Fixture.get("https://api.weather.gov/alerts/active?point=29.6200,-90.7195", json: #"{"near":false}"#),
        Fixture.get("https://alerts.example.com/v2/29.5947/-90.7224/alerts", json: #"{"declared":true}"#),
    ]

    @Test func theNearestRecordedPositionAnswersAnAppRequest() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cassette = try fixture.write(Cassette(interactions: Self.recorded), to: "c.json")
        // What `EndpointDeclaration(key:defaultBaseURL: "https://alerts.example.com/v2",
        // positions: [.path("/{lat}/{lon}/alerts")]).positionRules` gives.
        let declared = PositionRule(host: "alerts.example.com", field: .path("/{lat}/{lon}/alerts"), basePath: "/v2")
        let session = try LocSimURLSession.replaying(cassette: cassette, matching: MatchingRules(positions: [declared]))
        defer { session.invalidateAndCancel() }
        let point = URL(string: "https://api.weather.gov/alerts/active?point=29.5958,-90.7195")!
        let (data, _) = try await session.data(from: point)
        #expect(String(decoding: data, as: UTF8.self) == #"{"near":true}"#)
        let path = URL(string: "https://alerts.example.com/v2/29.5958/-90.7195/alerts")!
        let (answer, _) = try await session.data(from: path)
        #expect(String(decoding: answer, as: UTF8.self) == #"{"declared":true}"#)
    }
}
