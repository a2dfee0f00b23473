import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RecordThroughProtocolTests {
    static let secrets = [SecretDeclaration(variable: "APP_KEY", queryParameters: ["key"], headers: ["X-App-Key"])]

    /// Options as `locsim replay --live --record FILE --mode M` builds them, with a fixed clock.
    static func options(
        _ path: String, mode: RecordMode, environment: [String: String] = ["APP_KEY": "s3cr3t"]
    )
        -> RecordingOptions
    {
        RecordingOptions(
            live: true, recordPath: path, mode: mode, environment: environment, secrets: secrets,
            recordedAt: { "2026-12-01T09:00:00Z" })
    }

    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            if request.url.hasSuffix("/old") {
                return .init(HTTPResponse(status: 302, headers: ["Location": "/new"]))
            }
            let text =
                "\(request.method) \(URLParts(request.url).path) \(String(decoding: request.body, as: UTF8.self))"
            return .init(
                HTTPResponse(
                    status: request.method == "POST" ? 201 : 200, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"echo":"\#(text)"}"#.utf8)),
                gzip: request.method == "GET")
        }
    }

    /// The requests every provider method makes: GET (gzip), POST (a JSON body), PUT (a
    /// streamed body), DELETE, and (`redirect`) a GET that is redirected.
    static func exchange(_ session: URLSession, base: String, redirect: Bool = false) async throws -> [String] {
        var results: [String] = []
        var get = URLRequest(url: URL(string: base + "/alerts?key=s3cr3t&lat=29.79")!)
        get.setValue("s3cr3t", forHTTPHeaderField: "X-App-Key")
        results.append(String(decoding: try await session.data(for: get).0, as: UTF8.self))
        var post = URLRequest(url: URL(string: base + "/push")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(#"{"alert":"Flood"}"#.utf8)
        results.append(String(decoding: try await session.data(for: post).0, as: UTF8.self))
        var put = URLRequest(url: URL(string: base + "/device/1")!)
        put.httpMethod = "PUT"
        put.httpBodyStream = InputStream(data: Data("token=abc".utf8))
        put.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        results.append(String(decoding: try await session.data(for: put).0, as: UTF8.self))
        var delete = URLRequest(url: URL(string: base + "/device/1")!)
        delete.httpMethod = "DELETE"
        results.append(String(decoding: try await session.data(for: delete).0, as: UTF8.self))
        guard redirect else { return results }
        let (moved, response) = try await session.data(from: URL(string: base + "/old")!)
        results.append(String(decoding: moved, as: UTF8.self) + " at " + (response.url?.path ?? ""))
        return results
    }

    @Test func recordsThenReplaysEveryMethodByteForByteLikeTheCLI() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let path = fixture.url("recorded.json").path

        let recorder = try LocSimCassetteSession(options: Self.options(path, mode: .once), reportsMisses: false)
        let live = try await Self.exchange(recorder.session, base: server.baseURL)
        let summary = try recorder.finish()
        #expect(summary.recorded == 4)
        #expect(summary.written == path)
        #expect(live[0] == #"{"echo":"GET /alerts "}"#)
        #expect(live[2] == #"{"echo":"PUT /device/1 token=abc"}"#)
        let text = try #require(fixture.read("recorded.json"))
        #expect(!text.contains("s3cr3t"))
        #expect(text.contains("key=<APP_KEY>"))
        #expect(!text.lowercased().contains("content-encoding"))

        // The CLI's recorder (RecordingSession over locsim's live transport) writes the same bytes.
        let cliPath = fixture.url("cli.json").path
        let cli = try RecordingSession(options: Self.options(cliPath, mode: .once), liveTransport: LiveHTTPClient())
        for request in Self.httpRequests(base: server.baseURL) { _ = try cli.client.send(request) }
        try cli.finish()
        let cliText = try #require(fixture.read("cli.json"))
        #expect(cliText == text)

        // The CLI's file replays through the protocol (no network: the server is stopped) with
        // the same answers, and stays as it was.
        server.stop()
        let player = try LocSimCassetteSession(
            cassette: URL(fileURLWithPath: cliPath), secrets: Self.secrets, environment: ["APP_KEY": "s3cr3t"],
            reportsMisses: false)
        #expect(try await Self.exchange(player.session, base: server.baseURL) == live)
        try player.finish()
        #expect(fixture.read("cli.json") == cliText)
    }

    @Test func redirectsAreRecordedHopByHopAndReplayed() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let url = fixture.url("moved.json")
        let recorder = try LocSimCassetteSession(
            options: Self.options(url.path, mode: .newEpisodes), reportsMisses: false)
        let (live, response) = try await recorder.session.data(from: URL(string: server.baseURL + "/old")!)
        #expect(response.url?.path == "/new")
        try recorder.finish()
        let cassette = try CassetteStore.load(url.path)
        #expect(cassette.interactions.map(\.response.status) == [302, 200])
        #expect(cassette.interactions[0].response.header("Location") == "/new")
        server.stop()
        let session = try LocSimURLSession.replaying(cassette: url)
        defer { session.invalidateAndCancel() }
        let (replayed, again) = try await session.data(from: URL(string: server.baseURL + "/old")!)
        #expect(replayed == live)
        #expect(again.url?.path == "/new")
    }

    /// The requests of ``exchange(_:base:redirect:)`` as locsim's providers send them.
    static func httpRequests(base: String) -> [HTTPRequest] {
        [
            HTTPRequest(url: base + "/alerts?key=s3cr3t&lat=29.79", headers: ["X-App-Key": "s3cr3t"]),
            HTTPRequest(
                method: "POST", url: base + "/push", headers: ["Content-Type": "application/json"],
                body: Array(#"{"alert":"Flood"}"#.utf8)),
            HTTPRequest(
                method: "PUT", url: base + "/device/1", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array("token=abc".utf8)),
            HTTPRequest(method: "DELETE", url: base + "/device/1"),
        ]
    }

    @Test func ciNeverRecords() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let url = fixture.url("never.json")
        #expect(throws: RecordingError.self) {
            _ = try LocSimCassetteSession(cassette: url, mode: .all, environment: ["CI": "true"])
        }
        let existing = try fixture.write(Cassette(), to: "empty.json")
        let before = fixture.read("empty.json")
        let player = try LocSimCassetteSession(
            cassette: existing, mode: .newEpisodes, environment: ["CI": "true", "LOCSIM_RECORD": "all"],
            reportsMisses: false)
        #expect(player.mode == .none)
        await #expect(throws: URLError.self) {
            _ = try await player.session.data(from: URL(string: server.baseURL + "/alerts")!)
        }
        try player.finish()
        #expect(server.requests.isEmpty)
        #expect(fixture.read("empty.json") == before)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
