import LocSimAppServices
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting
import Testing

@testable import LocSimWeather

struct NWSZoneAlertsTests {
    static let buffalo = WeatherPlace(
        city: "Buffalo", state: "NY", country: "United States", isoCountryCode: "US", latitude: 42.8787,
        longitude: -78.8736)
    static let points = "https://api.weather.gov/points/42.8787,-78.8736"
    static let zone = "https://api.weather.gov/alerts/active?zone=NYZ010"
    static let pointsAnswer =
        #"{"type":"Feature","properties":{"gridId":"BUF","forecastZone":"https://api.weather.gov/zones/forecast/NYZ010"}}"#
    static let zoneOnly = #"""
        {"type":"FeatureCollection","features":[{"id":"z1","geometry":null,"properties":{"id":"urn:oid:z1","status":"Actual",
          "messageType":"Alert","event":"Lakeshore Flood Warning","severity":"Cataclysmic","urgency":"Expected",
          "affectedZones":["https://api.weather.gov/zones/forecast/NYZ010"],"parameters":{"VTEC":["/O.NEW.KBUF.LS.W.0004.240501T1400Z-240502T0400Z/"]}}}]}
        """#

    @Test func asksThePointsZoneThenItsAlerts() throws {
        let client = ScriptedHTTPClient([
            Self.points: .json(Self.pointsAnswer, contentType: "application/geo+json"),
            Self.zone: .json(Self.zoneOnly, contentType: "application/geo+json"),
        ])
        let adapter = NWSZoneAlerts(client: client, credentials: .placeholders)
        let advisories = try adapter.advisories(for: Self.buffalo)
        #expect(client.requests.map(\.url) == [Self.points, Self.zone])
        #expect(client.requests.allSatisfy { $0.header("User-Agent") == "<NWS_USER_AGENT>" })
        #expect(advisories.map(\.name) == ["Lakeshore Flood Warning"])
        #expect(advisories.first?.provider == "nws-zone")
        // A severity CAP does not define is read as written.
        #expect(advisories.first?.severity == "Cataclysmic")
        #expect(advisories.first?.capFields["affectedZones"] == "1")
    }

    @Test(arguments: [
        (
            #"{"title":"Invalid Point","type":"https://api.weather.gov/problems/InvalidPoint","status":404,"detail":"Unable to provide data for requested point"}"#,
            404, "InvalidPoint"
        ),
        (#"{"type":"Feature","properties":{"gridId":"BUF"}}"#, 200, "bad_shape"),
        (#"{"type":"Feature","properties":{"forecastZone":"https://api.wea"#, 200, "bad_json"),
    ])
    func pointsFailures(body: String, status: Int, code: String) {
        #expect {
            try NWSZoneAlerts.forecastZone(jsonResponse(body, status: status, contentType: "application/problem+json"))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "nws-zone"
        }
    }
}
