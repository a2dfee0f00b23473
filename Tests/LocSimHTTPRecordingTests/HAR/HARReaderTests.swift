import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

/// HAR import, one producer's shape per test: what is kept, redacted, and left out.
@Suite struct HARReaderTests {
    @Test func proxymanKeepsOrderDecodesBase64AndRedactsTheKeys() throws {
        let imported = try HARFixtures.importAll("proxyman-aeris.har")
        #expect(imported.creator == "Proxyman 5.19.0")
        let interactions = imported.cassette.interactions
        try #require(interactions.count == 3)
        let expectedURL =
            "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"
        #expect(interactions[0].request.url == expectedURL)
        #expect(interactions[1].request.url == expectedURL)
        #expect(interactions[0].recordedAt == "2024-05-01T17:03:11.204Z")
        let first = try JSONValue.parse(utf8: interactions[0].response.body)
        let second = try JSONValue.parse(utf8: interactions[1].response.body)
        #expect(first["response"]?.arrayValue?.first?["details"]?["name"] == .string("Coastal Flood Advisory"))
        #expect(second["response"]?.arrayValue?.first?["details"]?["name"] == .string("Coastal Flood Warning"))
        // Connection headers are dropped from the request, wire headers from the response.
        #expect(interactions[0].request.header("Host") == nil)
        #expect(interactions[0].request.header("Connection") == nil)
        #expect(interactions[0].request.header("Accept") == "*/*")
        #expect(interactions[0].response.header("Content-Encoding") == nil)
        #expect(interactions[0].response.header("Content-Length") == nil)
        #expect(interactions[0].response.header("Vary") == "Accept-Encoding")
        #expect(interactions[2].request.url == "https://api.mixpanel.com/track?ip=1")
        #expect(imported.skipped.map(\.index) == [2])
        #expect(imported.skipped.first?.reason == .webSocket)
        #expect(imported.entryIndices == [0, 1, 3])
        #expect(imported.leaks(HARFixtures.redactor).isEmpty)
    }

    @Test func theHostFilterKeepsTheNamedHostsAndListsTheRest() throws {
        let imported = try HARReader.read(
            utf8: HARFixtures.bytes("proxyman-aeris.har"), path: "p.har",
            options: HARImportOptions(hosts: ["API.aerisapi.com"], redactor: HARFixtures.redactor))
        #expect(imported.cassette.interactions.count == 2)
        #expect(imported.skipped.map(\.reason) == [.webSocket, .otherHost("api.mixpanel.com")])
        #expect(
            imported.skipped[1].description.hasPrefix("log.entries[3] GET https://api.mixpanel.com/track?ip=1: host"))
    }

    @Test func charlesDropsPseudoHeadersRedactsEmailsAndListsTheBodyLeftOut() throws {
        let imported = try HARFixtures.importAll("charles-nws.har")
        #expect(imported.creator == "Charles Proxy 4.6.3")
        try #require(imported.cassette.interactions.count == 1)
        let interaction = imported.cassette.interactions[0]
        #expect(interaction.request.headers.keys.sorted() == ["accept", "accept-encoding", "user-agent"])
        #expect(interaction.request.header("User-Agent") == "WeatherAlerts/3.1 (<REDACTED_EMAIL>)")
        #expect(interaction.response.headers.keys.contains(":status") == false)
        #expect(interaction.response.status == 200)
        #expect(String(decoding: interaction.response.body, as: UTF8.self).contains("“tidal” flooding"))
        #expect(interaction.recordedAt == "2024-05-01T13:12:40.118-05:00")
        #expect(imported.skipped.map(\.reason) == [.bodyLeftOut(size: 5120)])
    }

    @Test func safariRedactsCookiesAndLeavesImagesOutUnlessAsked() throws {
        let imported = try HARFixtures.importAll("safari-xweather.har")
        #expect(imported.creator == "WebKit Web Inspector 1.0")
        try #require(imported.cassette.interactions.count == 1)
        let interaction = imported.cassette.interactions[0]
        #expect(interaction.request.header("Cookie") == "<REDACTED_COOKIE>")
        #expect(interaction.response.header("Set-Cookie") == "<REDACTED_SET_COOKIE>")
        #expect(interaction.request.url.contains("client_id=<REDACTED_CLIENT_ID>"))
        #expect(interaction.request.url.contains("client_secret=<REDACTED_CLIENT_SECRET>"))
        #expect(imported.skipped.map(\.reason) == [.image])
        let withImages = try HARFixtures.importAll("safari-xweather.har", includesImages: true)
        try #require(withImages.cassette.interactions.count == 2)
        #expect(withImages.cassette.interactions[1].response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func chromeLeavesOutBlockedRequestsAndWebSockets() throws {
        let imported = try HARFixtures.importAll("chrome-owm.har")
        #expect(imported.creator == "WebInspector 537.36")
        try #require(imported.cassette.interactions.count == 1)
        let interaction = imported.cassette.interactions[0]
        #expect(interaction.request.url.hasSuffix("&appid=<OWM_APPID>"))
        #expect(interaction.request.headers.keys.allSatisfy { !$0.hasPrefix(":") })
        #expect(imported.skipped.map(\.reason) == [.status(0), .webSocket])
        #expect(imported.skipped[0].url.hasSuffix("appid=<OWM_APPID>"), "a skipped entry's URL is redacted too")
    }

    @Test func replayKeepsPostBodiesUnknownMethodsAndRedactsParseHeaders() throws {
        let imported = try HARFixtures.importAll("replay-parse.har")
        #expect(imported.creator == "Replay 1.0")
        let interactions = imported.cassette.interactions
        try #require(interactions.count == 3)
        #expect(interactions[0].request.header("User-Agent") == "WeatherAlerts/3.1 (<REDACTED_EMAIL>)")
        #expect(interactions[1].request.method == "POST")
        #expect(interactions[1].request.header("X-Parse-REST-API-Key") == "<PARSE_REST_API_KEY>")
        #expect(interactions[1].request.header("X-Parse-Application-Id") == "<PARSE_APPLICATION_ID>")
        let body = try JSONValue.parse(utf8: interactions[1].request.body)
        #expect(body["channels"] == .array([.string("LAZ052")]))
        #expect(interactions[2].request.method == "PURGE")
        #expect(interactions[2].response.status == 204)
        #expect(imported.skipped.isEmpty)
    }

    @Test func firefoxParamsAreFormEncodedAndARedirectKeepsAnEmptyBody() throws {
        let imported = try HARFixtures.importAll("firefox-nominatim.har")
        #expect(imported.creator == "Firefox 111.0.1")
        let interactions = imported.cassette.interactions
        try #require(interactions.count == 2)
        #expect(
            String(decoding: interactions[0].request.body, as: UTF8.self)
                == "q=Franklin%2C+LA&format=jsonv2&email=alerts-dev%40example.com")
        #expect(interactions[1].response.status == 303)
        #expect(interactions[1].response.body.isEmpty)
        #expect(interactions[1].recordedAt == "2024-05-01T18:40:01.000+02:00")
    }

    @Test func pollyHeaderArraysAreJoinedAndBrowserMobEmptyContentIsABodyLeftOut() throws {
        // Polly.JS writes header values as arrays; BrowserMob without content capture writes
        // `content.size` 0 and the real size in `bodySize`.
        let har = """
            {"log":{"version":"1.2","creator":{"name":"Polly.JS","version":"5.1.1"},"entries":[
              {"startedDateTime":"2024-05-01T17:03:11Z","request":{"method":"GET","url":"https://a.example/x","headers":[{"name":"accept","value":["*/*","text/plain"]}]},
               "response":{"status":200,"headers":[{"name":"age","value":12}],"bodySize":0,"content":{"size":0,"mimeType":"text/plain"}}},
              {"startedDateTime":"2024-05-01T17:03:12Z","request":{"method":"GET","url":"https://a.example/y","headers":[]},
               "response":{"status":200,"headers":[],"bodySize":42419,"content":{"size":0,"mimeType":"text/html"}}},
              {"startedDateTime":"2024-05-01T17:03:13Z","request":{"method":"GET","url":"https://a.example/z","headers":[]},
               "response":{"status":200,"headers":[],"bodySize":-1,"content":{"mimeType":"image/png"}}}]}}
            """
        let imported = try HARReader.read(
            utf8: Array(har.utf8), path: "p.har", options: HARImportOptions(includesImages: true))
        try #require(imported.cassette.interactions.count == 1)
        #expect(imported.cassette.interactions[0].request.header("Accept") == "*/*, text/plain")
        #expect(imported.cassette.interactions[0].response.header("Age") == "12")
        #expect(imported.cassette.interactions[0].response.body.isEmpty)
        #expect(imported.skipped.map(\.reason) == [.bodyLeftOut(size: 42419), .bodyLeftOut(size: 0)])
        #expect(imported.skipped[0].reason.description.contains("left the 42419-byte response body out"))
        #expect(imported.skipped[1].reason.description == "the producer left the response body out (no content.text)")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let text = Array("{\"log\":{\"version\":\"1.2\",\"creator\":{\"name\":\"Fiddler\"},\"entries\":[]}}".utf8)
        let imported = try HARReader.read(utf8: [0xEF, 0xBB, 0xBF] + text, path: "f.har", options: HARImportOptions())
        #expect(imported.cassette.interactions.isEmpty)
        #expect(imported.creator == "Fiddler")
    }

    @Test func aSecretThatSurvivesRedactionIsReportedByEntryAndVariableNeverByValue() throws {
        // A 6-character key is too short to be replaced in a text body (it could be a word):
        // redaction leaves it, and the leak check names the entry.
        let har = """
            {"log":{"version":"1.2","creator":{"name":"Proxyman","version":"5.19.0"},"entries":[
              {"startedDateTime":"2024-05-01T17:03:11Z","request":{"method":"GET","url":"https://api.aerisapi.com/a","headers":[]},
               "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/plain"}],"content":{"size":9,"mimeType":"text/plain","text":"key k3y9Zq"}}}]}}
            """
        let redactor = Redactor(declarations: DeclaredSecrets.all, environment: ["AERIS_CLIENT_ID": "k3y9Zq"])
        let imported = try HARReader.read(
            utf8: Array(har.utf8), path: "x.har", options: HARImportOptions(redactor: redactor))
        let leaks = imported.leaks(redactor)
        try #require(leaks.count == 1)
        #expect(leaks[0].variable == "AERIS_CLIENT_ID")
        #expect(leaks[0].location == "log.entries[0] (interaction 0).response.body")
        #expect(!leaks[0].description.contains("k3y9Zq"))
    }
}
