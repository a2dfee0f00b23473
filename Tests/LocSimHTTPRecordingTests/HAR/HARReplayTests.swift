import Foundation
import LocSimHTTPRecording
import Testing

/// A HAR replays wherever a cassette does (`--cassette capture.har`, `serve --cassette`, the
/// URLProtocol), read through the same importer: the app's live requests, keys and all, are
/// answered from each producer's capture.
@Suite struct HARReplayTests {
    static func session(
        _ name: String, environment: [String: String] = HARFixtures.environment
    ) throws
        -> RecordingSession
    {
        try RecordingSession(
            options: RecordingOptions(
                cassettePaths: [HARFixtures.path(name)], environment: environment, secrets: DeclaredSecrets.all))
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func proxymanRepeatedRequestsReplayInCaptureOrder() throws {
        let client = try Self.session("proxyman-aeris.har").client
        let url =
            "https://api.aerisapi.com/advisories/franklin,la,us?client_id=aerisLiveClientId01&client_secret=aerisLiveSecret0001"
        let issued = try client.send(HTTPRequest(url: url))
        let updated = try client.send(HTTPRequest(url: url))
        let again = try client.send(HTTPRequest(url: url))
        #expect(Self.text(issued).contains("\"Coastal Flood Advisory\""))
        #expect(Self.text(updated).contains("\"Coastal Flood Warning\""))
        #expect(again == updated, "the last answer repeats once the recordings are used up")
    }

    @Test func charlesAnswersNWS() throws {
        let client = try Self.session("charles-nws.har").client
        let response = try client.send(
            HTTPRequest(
                url: "https://api.weather.gov/alerts/active?point=29.8114,-91.5279",
                headers: ["User-Agent": "WeatherAlerts/3.1 (alerts-dev@example.com)"]))
        #expect(response.status == 200)
        #expect(Self.text(response).contains("Coastal Flood Advisory"))
        #expect(response.header("Content-Type") == "application/geo+json")
    }

    @Test func safariAnswersXweatherWithAnyKey() throws {
        let client = try Self.session("safari-xweather.har", environment: [:]).client
        let response = try client.send(
            HTTPRequest(
                url:
                    "https://data.api.xweather.com/alerts/closest?p=29.8114,-91.5279&client_id=other&client_secret=other2"
            ))
        #expect(Self.text(response).contains("COASTAL FLOOD ADVISORY"))
    }

    @Test func chromeAnswersOpenWeatherMap() throws {
        let client = try Self.session("chrome-owm.har").client
        let response = try client.send(
            HTTPRequest(
                url:
                    "https://api.openweathermap.org/data/3.0/onecall?lat=29.8114&lon=-91.5279&exclude=minutely,hourly&appid=owmLiveAppId0123456789"
            ))
        #expect(Self.text(response).contains("\"event\":\"Coastal Flood Advisory\""))
    }

    @Test func replayAnswersNominatimAndTheParsePush() throws {
        let client = try Self.session("replay-parse.har").client
        let place = try client.send(
            HTTPRequest(url: "https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat=29.8114&lon=-91.5279"))
        #expect(Self.text(place).contains("Franklin, St. Mary Parish"))
        let push = try client.send(
            HTTPRequest(
                method: "POST", url: "https://api.parse.com/1/push",
                headers: ["X-Parse-REST-API-Key": "parseLiveRestKey00001"], body: Array("{}".utf8)))
        #expect(Self.text(push) == #"{"result":true}"#)
    }

    @Test func firefoxAnswersTheFormPost() throws {
        let client = try Self.session("firefox-nominatim.har").client
        let response = try client.send(
            HTTPRequest(method: "POST", url: "https://nominatim.openstreetmap.org/search", body: Array("q=x".utf8)))
        #expect(Self.text(response).contains("\"place_id\":298361204"))
    }

    @Test func aHARNamedJSONIsRecognisedByItsContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            String(decoding: try HARFixtures.bytes("replay-parse.har"), as: UTF8.self), to: "capture.json")
        let cassette = try CassetteStore.load(directory.file("capture.json"))
        #expect(cassette.interactions.count == 3)
    }

    @Test func aBrokenHARFailsTheSessionBeforeAnythingRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(#"{"log":{"version":"1.1","entries":[]}}"#, to: "old.har")
        #expect {
            try RecordingSession(options: RecordingOptions(cassettePaths: [directory.file("old.har")]))
        } throws: { error in
            "\(error)".contains("old.har: error: log.version: HAR version \"1.1\" is not read")
        }
    }

    @Test func recordingIntoAHARIsRefused() throws {
        #expect {
            try RecordingSession(
                options: RecordingOptions(live: true, recordPath: HARFixtures.path("replay-parse.har"), mode: .once))
        } throws: { error in
            "\(error)".contains("a HAR is replayed, not written")
        }
    }
}
