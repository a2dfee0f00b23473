import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimSupport
import LocSimTesting
import Testing

/// `replay --live --record --base-url aeris=http://127.0.0.1:…`: the cassette keeps the
/// provider's own URL, so it answers a replay without the flag (and one with it).
@Suite struct RecordingSessionBaseURLTests {
    @Test func aRedirectedRecordingStoresAndMatchesTheProvidersOwnURL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try LoopbackHTTPServer(replies: [.init(HTTPResponse(status: 200, body: Array("ok".utf8)))])
        defer { server.stop() }
        var endpoints = Endpoints([EndpointDeclaration(key: "aeris", defaultBaseURL: "https://api.aerisapi.com")])
        try endpoints.override(["aeris": server.baseURL])
        let path = directory.file("c.json")
        var options = RecordingOptions(
            live: true, recordPath: path, mode: .once, recordedAt: { "2026-12-01T00:00:00Z" })
        options.endpoints = endpoints
        let session = try RecordingSession(options: options, liveTransport: LiveHTTPClient(timeout: .seconds(5)))
        let sent = HTTPRequest(url: server.baseURL + "/advisories/franklin,la,us?limit=1")
        #expect(try session.client.send(sent).body == Array("ok".utf8))
        try session.finish()
        #expect(server.requests.count == 1)
        let cassette = try CassetteStore.load(path)
        #expect(
            cassette.interactions.map(\.request.url) == ["https://api.aerisapi.com/advisories/franklin,la,us?limit=1"])

        let plain = try RecordingSession(options: RecordingOptions(cassettePaths: [path]))
        #expect(
            try plain.client.send(HTTPRequest(url: "https://api.aerisapi.com/advisories/franklin,la,us?limit=1")).status
                == 200)
        var redirected = RecordingOptions(cassettePaths: [path])
        redirected.endpoints = endpoints
        let again = try RecordingSession(options: redirected)
        #expect(try again.client.send(sent).status == 200)
    }
}
