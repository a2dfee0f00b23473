import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct NWSAlertsTests {
    static let franklin = WeatherPlace(
        city: "Franklin", state: "LA", country: "United States", isoCountryCode: "US", latitude: 29.796_612,
        longitude: -91.501_640)
    static let franklinURL = "https://api.weather.gov/alerts/active?point=29.7966,-91.5016"

    @Test func requestHasFourDecimalsUserAgentAndAccept() throws {
        let credentials = Credentials.builtIn(environment: ["NWS_USER_AGENT": "locsim-tests (ops@example.org)"])
        let request = try #require(
            NWSAlerts(client: ScriptedHTTPClient(), credentials: credentials).request(for: Self.franklin))
        #expect(request.url == Self.franklinURL)
        #expect(request.headers["User-Agent"] == "locsim-tests (ops@example.org)")
        #expect(request.headers["Accept"] == "application/geo+json")
    }

    @Test func placeholderUserAgentInReplay() {
        let request = NWSAlerts(client: ScriptedHTTPClient(), credentials: .placeholders).request(for: Self.franklin)
        #expect(request?.headers["User-Agent"] == "<NWS_USER_AGENT>")
    }

    @Test func franklinCoastalFloodAdvisory() throws {
        let client = ScriptedHTTPClient([
            Self.franklinURL: .json(NWSBodies.franklinCoastalFlood, contentType: "application/geo+json")
        ])
        let advisories = try NWSAlerts(client: client, credentials: .placeholders).advisories(for: Self.franklin)
        let advisory = try #require(advisories.first)
        #expect(advisories.count == 1)
        #expect(advisory.name == "Coastal Flood Advisory")
        #expect(advisory.type == "CF.Y")
        #expect(advisory.severity == "Minor")
        #expect(advisory.expires == "2024-09-11T19:00:00-05:00")
        #expect(advisory.id == "urn:oid:2.49.0.1.840.0.4f2e1c9a7b3d5e8f.001.1")
        #expect(
            advisory.body
                == "Coastal Flood Advisory issued September 11 at 9:02AM CDT until September 11 at 7:00PM CDT by NWS New Orleans LA\n\n* WHAT...Minor coastal flooding. Water levels 1 to 2 feet above ground level.\n\n* WHERE...St. Mary Parish."
        )
    }

    /// Tests and exercises are skipped; a `Cancel` is kept with its `messageType` (the weather
    /// service's seed mode drops it, the CAP lifecycle posts `ADVISORY_CANCELLED`).
    @Test func skipsTestMessagesAndKeepsCancellationsMarked() throws {
        let advisories = try NWSAlerts.parse(jsonResponse(NWSBodies.buffaloWithSkipped))
        #expect(advisories.map(\.name) == ["Lake Effect Snow Warning", "Winter Weather Advisory"])
        #expect(advisories.map(\.messageType) == ["Alert", "Cancel"])
        #expect(advisories.first?.type == "LE.W")
        #expect(advisories.first?.expires == "2024-11-29T16:00:00-05:00")
    }

    @Test func emptyCollectionIsNoAdvisory() throws {
        #expect(try NWSAlerts.parse(jsonResponse(NWSBodies.empty)).isEmpty)
    }

    @Test func endsStandsInForMissingExpiresAndFeatureIDForMissingID() throws {
        let body =
            #"{"type":"FeatureCollection","features":[{"id":"f1","properties":{"event":"Flood Watch","ends":"2024-01-02T00:00:00Z","parameters":{"VTEC":["bogus"]}}}]}"#
        let advisory = try #require(try NWSAlerts.parse(jsonResponse(body)).first)
        #expect(advisory.expires == "2024-01-02T00:00:00Z")
        #expect(advisory.id == "f1")
        #expect(advisory.type == nil)
        #expect(advisory.body == "")
    }

    @Test(arguments: [
        (
            NWSBodies.invalidPoint, 404, "InvalidPoint",
            "Data Unavailable For Requested Point: Unable to provide data for requested point 34.6937,135.5023 (HTTP 404)"
        ),
        (
            NWSBodies.unexpectedProblem, 500, "UnexpectedProblem",
            "Unexpected Problem: An unexpected problem has occurred. (HTTP 500)"
        ),
        (
            #"{"title":"Adjusting Precision Of Point Coordinate","type":"https://api.weather.gov/problems/AdjustPointPrecision","status":301}"#,
            301, "AdjustPointPrecision", "Adjusting Precision Of Point Coordinate (HTTP 301)"
        ),
        (#"{"title":"Not Found","status":404}"#, 404, "http_404", "Not Found (HTTP 404)"),
    ])
    func problemDocuments(body: String, status: Int, code: String, message: String) {
        #expect {
            try NWSAlerts.parse(jsonResponse(body, status: status, contentType: "application/problem+json"))
        } throws: { error in
            error as? ProviderFailure == ProviderFailure(provider: "nws", code: code, message: message)
        }
    }

    @Test(arguments: [
        (NWSBodies.accessDenied, 403, "http_403"), ("Rate limit exceeded", 429, "http_429"),
        (htmlErrorPage, 500, "http_500"),
        (String(NWSBodies.franklinCoastalFlood.prefix(400)), 200, "bad_json"),
        (#"{"type":"Feature"}"#, 200, "bad_shape"),
        (#"{"type":"FeatureCollection","features":{}}"#, 200, "bad_shape"), ("42", 200, "bad_shape"),
    ])
    func nonGeoJSONAnswers(body: String, status: Int, code: String) {
        #expect {
            try NWSAlerts.parse(jsonResponse(body, status: status, contentType: "text/html"))
        } throws: { error in
            (error as? ProviderFailure)?.code == code
        }
    }

    @Test func noCoordinateIsAFailure() {
        let adapter = NWSAlerts(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect {
            try adapter.advisories(for: WeatherPlace(city: "Franklin", state: "LA", country: "United States"))
        } throws: { error in
            (error as? ProviderFailure)?.code == "missing_location"
        }
    }

    @Test func unreachable() {
        let client = ScriptedHTTPClient([Self.franklinURL: .failure(.unreachable("api.weather.gov: no route"))])
        #expect(throws: ProviderFailure(provider: "nws", code: "unreachable", message: "api.weather.gov: no route")) {
            try NWSAlerts(client: client, credentials: .placeholders).advisories(for: Self.franklin)
        }
    }
}
