import Foundation
import LocSimLiveHTTP
import LocSimSupport
import LocSimTesting
import Testing

@testable import LocSimHTTPRecording

@Suite struct RecordingSessionTests {
    static let secrets = [
        "AERIS_CLIENT_ID": "liveClientId42", "AERIS_CLIENT_SECRET": "liveSecret/+=99", "OWM_APPID": "owmAppId777",
        "NWS_USER_AGENT": "(locsim tests, qa@example.net)", "PARSE_APPLICATION_ID": "parseAppId5",
        "PARSE_REST_API_KEY": "parseRest6",
    ]
    static let clock: @Sendable () -> String = { "2024-05-01T17:03:11Z" }

    /// A server that answers like the providers do, numbering its answers.
    static func providerServer() throws -> LoopbackHTTPServer {
        let counter = Counter()
        return try LoopbackHTTPServer { request in
            let n = counter.next()
            let path = URLParts(request.url).path
            if path.hasPrefix("/advisories/") {
                return .init(
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json"],
                        body: Array(
                            #"{"success": true, "error": null, "response": [{"details": {"name": "FLOOD ADVISORY", "n": \#(n)}}]}"#
                                .utf8)),
                    gzip: n % 2 == 0)
            }
            if path == "/alerts/active" {
                return .init(
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/geo+json"],
                        body: Array(#"{"type":"FeatureCollection","features":[],"n":\#(n)}"#.utf8)))
            }
            if path == "/1/push" {
                return .init(
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "sid=abc"],
                        body: Array(#"{"result":true}"#.utf8)))
            }
            return .init(
                HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Array("no route \(path)".utf8))
            )
        }
    }

    static func requests(_ base: String, secrets: [String: String]) -> [HTTPRequest] {
        let aeris =
            "\(base)/advisories/franklin,la,us?client_id=\(secrets["AERIS_CLIENT_ID"] ?? "x")"
            + "&client_secret=\(secrets["AERIS_CLIENT_SECRET"]?.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "y")"
        return [
            HTTPRequest(url: aeris),
            HTTPRequest(
                url: "\(base)/alerts/active?point=29.7965,-91.501",
                headers: ["User-Agent": secrets["NWS_USER_AGENT"] ?? "ua"]),
            HTTPRequest(url: aeris),
            HTTPRequest(
                method: "POST", url: "\(base)/1/push",
                headers: [
                    "X-Parse-Application-Id": secrets["PARSE_APPLICATION_ID"] ?? "a",
                    "X-Parse-REST-API-Key": secrets["PARSE_REST_API_KEY"] ?? "b",
                    "Content-Type": "application/json",
                ],
                body: Array(
                    #"{"channels":[""],"data":{"alert":"Weather Advisory for Franklin, LA:  FLOOD ADVISORY","sound":"alert.caf"}}"#
                        .utf8)),
            HTTPRequest(url: "\(base)/unknown"),
        ]
    }

    static func send(_ requests: [HTTPRequest], through client: any HTTPClient) throws -> [HTTPResponse] {
        try requests.map { try client.send($0) }
    }

    @Test func recordedCassetteHasNoSecretAndReplaysByteIdenticalOffline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try RecordingSessionTests.providerServer()
        defer { server.stop() }
        let path = directory.file("cassette.json")

        let recording = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: path, environment: RecordingSessionTests.secrets, secrets: DeclaredSecrets.all,
                recordedAt: RecordingSessionTests.clock),
            liveTransport: LiveHTTPClient(timeout: .seconds(5)))
        #expect(recording.mode == .once)
        let recorded = try RecordingSessionTests.send(
            RecordingSessionTests.requests(server.baseURL, secrets: RecordingSessionTests.secrets),
            through: recording.client)
        #expect(try recording.finish() == RecordingSummary(replayed: 0, recorded: 5, written: path))
        #expect(server.requests.count == 5)

        let text = try #require(directory.read("cassette.json"))
        for (name, value) in RecordingSessionTests.secrets {
            #expect(!text.contains(value), "\(name) leaked")
            #expect(
                !text.contains(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
                "\(name) leaked encoded")
        }
        for placeholder in [
            "<AERIS_CLIENT_ID>", "<AERIS_CLIENT_SECRET>", "<NWS_USER_AGENT>", "<PARSE_APPLICATION_ID>",
            "<PARSE_REST_API_KEY>", "<REDACTED_SET_COOKIE>",
        ] {
            #expect(text.contains(placeholder))
        }
        #expect(!text.contains("Content-Encoding") && !text.contains("Content-Length"))
        #expect(text.contains(#""name" : "FLOOD ADVISORY""#), "JSON bodies are stored as JSON")
        #expect(
            recorded[2].body
                == Array(
                    #"{"error":null,"response":[{"details":{"n":3,"name":"FLOOD ADVISORY"}}],"success":true}"#.utf8))

        // Offline, on CI, without any secret: the same requests (with other credentials) replay.
        let replaying = try RecordingSession(
            options: RecordingOptions(cassettePaths: [path], environment: ["CI": "true"]),
            liveTransport: SpyHTTPClient())
        let offline = RecordingSessionTests.requests(
            server.baseURL, secrets: ["AERIS_CLIENT_ID": "ci-id", "AERIS_CLIENT_SECRET": "ci-secret"])
        let replayed = try RecordingSessionTests.send(offline, through: replaying.client)
        #expect(replayed == recorded)
        #expect(try replaying.finish() == RecordingSummary(replayed: 5, recorded: 0, written: nil))
        #expect(server.requests.count == 5, "replay made no network call")
        let again = try replaying.client.send(offline[0])
        #expect(
            again == recorded[2],
            "once used up, a pure replay answers with the last identical recording (the third) again")
        #expect(server.requests.count == 5)
    }

    @Test func noneNeverCallsTheLiveClient() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(RecordingSessionTests.cassetteText(urls: ["https://h/a"]), to: "c.json")
        let spy = SpyHTTPClient()
        for options in [
            RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: RecordMode.none),
            RecordingOptions(cassettePaths: [directory.file("c.json")]),
            RecordingOptions(cassettesDirectory: directory.path),
            RecordingOptions(live: true, cassettesDirectory: directory.path, environment: ["CI": "true"]),
        ] {
            let session = try RecordingSession(options: options, liveTransport: spy)
            #expect(try session.client.send(HTTPRequest(url: "https://h/a")).status == 200)
            #expect(throws: HTTPClientError.self) { try session.client.send(HTTPRequest(url: "https://h/b")) }
            #expect(try session.finish().written == nil)
        }
        #expect(spy.requests.isEmpty)
    }

    @Test func onceRecordsAMissingCassetteThenReplaysStrictly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("c.json")
        let spy = SpyHTTPClient { HTTPResponse(status: 200, body: Array($0.url.utf8)) }
        let first = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: path, mode: .once), liveTransport: spy)
        _ = try first.client.send(HTTPRequest(url: "https://h/a"))
        #expect(try first.finish().written == path)

        let second = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: path, mode: .once), liveTransport: spy)
        #expect(try second.client.send(HTTPRequest(url: "https://h/a")).body == Array("https://h/a".utf8))
        #expect(throws: HTTPClientError.self) { try second.client.send(HTTPRequest(url: "https://h/b")) }
        #expect(try second.finish() == RecordingSummary(replayed: 1, recorded: 0, written: nil))
        #expect(spy.requests.map(\.url) == ["https://h/a"])
    }

    @Test func newEpisodesReplaysMatchesAndAppendsTheRest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(RecordingSessionTests.cassetteText(urls: ["https://h/a"]), to: "c.json")
        let spy = SpyHTTPClient { HTTPResponse(status: 201, body: Array($0.url.utf8)) }
        let session = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: directory.file("c.json"), mode: .newEpisodes,
                recordedAt: RecordingSessionTests.clock),
            liveTransport: spy)
        #expect(try session.client.send(HTTPRequest(url: "https://h/a")).status == 200)
        #expect(try session.client.send(HTTPRequest(url: "https://h/b")).status == 201)
        #expect(try session.client.send(HTTPRequest(url: "https://h/a")).status == 201, "the recorded one is used up")
        #expect(try session.finish() == RecordingSummary(replayed: 1, recorded: 2, written: directory.file("c.json")))
        let cassette = try CassetteStore.load(directory.file("c.json"))
        #expect(cassette.interactions.map(\.request.url) == ["https://h/a", "https://h/b", "https://h/a"])
        #expect(
            cassette.interactions.map(\.recordedAt) == [
                "2020-01-01T00:00:00Z", "2024-05-01T17:03:11Z", "2024-05-01T17:03:11Z",
            ])
        #expect(spy.requests.map(\.url) == ["https://h/b", "https://h/a"])
    }

    @Test func allReplacesTheWholeCassette() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(RecordingSessionTests.cassetteText(urls: ["https://h/a", "https://h/b"]), to: "c.json")
        let spy = SpyHTTPClient()
        let session = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: .all), liveTransport: spy)
        _ = try session.client.send(HTTPRequest(url: "https://h/a"))
        try session.finish()
        #expect(try CassetteStore.load(directory.file("c.json")).interactions.map(\.request.url) == ["https://h/a"])
        #expect(spy.requests.count == 1, "all never replays")
    }

    @Test(arguments: [RecordMode.newEpisodes, .all])
    func theCommentSurvivesAppendingAndReRecording(mode: RecordMode) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var old = try Cassette.parse(
            utf8: Array(RecordingSessionTests.cassetteText(urls: ["https://h/a"]).utf8), path: "c.json")
        old.comment = "Hand-written in the shape of the Aeris API; not a live capture."
        try directory.write(old.text(), to: "c.json")
        let session = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: mode),
            liveTransport: SpyHTTPClient())
        _ = try session.client.send(HTTPRequest(url: "https://h/b"))
        #expect(try session.finish().written == directory.file("c.json"))
        #expect(try CassetteStore.load(directory.file("c.json")).comment == old.comment)
    }

    @Test func aNewCommentReplacesTheOldOneEvenWithNothingRecorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(RecordingSessionTests.cassetteText(urls: ["https://h/a"]), to: "c.json")
        let session = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: directory.file("c.json"), mode: .newEpisodes, comment: "Recorded live."),
            liveTransport: SpyHTTPClient())
        _ = try session.client.send(HTTPRequest(url: "https://h/a"))
        #expect(try session.finish() == RecordingSummary(replayed: 1, recorded: 0, written: directory.file("c.json")))
        let cassette = try CassetteStore.load(directory.file("c.json"))
        #expect(cassette.comment == "Recorded live.")
        #expect(cassette.interactions.map(\.request.url) == ["https://h/a"])
    }

    @Test func ciForcesReplayOnlyWhateverTheMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = RecordingSessionTests.cassetteText(urls: ["https://h/a"])
        try directory.write(text, to: "c.json")
        let spy = SpyHTTPClient()
        for mode in RecordMode.allCases {
            let session = try RecordingSession(
                options: RecordingOptions(
                    live: true, recordPath: directory.file("c.json"), mode: mode, environment: ["CI": "true"]),
                liveTransport: spy)
            #expect(session.mode == .none)
            #expect(try session.client.send(HTTPRequest(url: "https://h/a")).status == 200)
            #expect(throws: HTTPClientError.self) { try session.client.send(HTTPRequest(url: "https://h/new")) }
            #expect(try session.finish().written == nil)
        }
        #expect(spy.requests.isEmpty)
        #expect(directory.read("c.json") == text)
    }

    @Test func refusesToWriteWhenASecretSurvivesAndKeepsTheOldFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = RecordingSessionTests.cassetteText(urls: ["https://h/a"])
        try directory.write(text, to: "c.json")
        // Too short to replace in a text body: it survives, so nothing is written.
        let spy = SpyHTTPClient { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array("echo k3y9Zq".utf8))
        }
        let session = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: directory.file("c.json"), mode: .newEpisodes,
                environment: ["AERIS_CLIENT_ID": "k3y9Zq"], secrets: DeclaredSecrets.all),
            liveTransport: spy)
        _ = try session.client.send(HTTPRequest(url: "https://h/b?client_id=k3y9Zq"))
        #expect(
            throws: RecordingError.secretLeak(
                path: directory.file("c.json"),
                leaks: [
                    SecretLeak(
                        variable: "AERIS_CLIENT_ID", location: "interactions[1].response.body", form: "raw",
                        reason: Redactor.shortValueReason("k3y9Zq"))
                ])
        ) { try session.finish() }
        #expect(directory.read("c.json") == text)
        #expect(directory.contents() == ["c.json"])
    }

    @Test func aBase64SpellingInATextBodyIsRedactedBeforeWriting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let encoded = Data("id:liveClientId42".utf8).base64EncodedString()
        let spy = SpyHTTPClient { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array("echo \(encoded)".utf8))
        }
        let session = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: directory.file("c.json"), mode: .newEpisodes,
                environment: RecordingSessionTests.secrets, secrets: DeclaredSecrets.all),
            liveTransport: spy)
        _ = try session.client.send(HTTPRequest(url: "https://h/b?client_id=liveClientId42"))
        #expect(try session.finish().written == directory.file("c.json"))
        let written = try #require(directory.read("c.json"))
        #expect(!written.contains(encoded))
        #expect(written.contains("<AERIS_CLIENT_ID>"))
        #expect(
            Redactor(declarations: DeclaredSecrets.all, environment: RecordingSessionTests.secrets).leaks(
                inText: written
            ).isEmpty)
    }

    @Test func unchangedCassetteIsNotRewritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let spy = SpyHTTPClient()
        let path = directory.file("c.json")
        let first = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: path, mode: .all, recordedAt: RecordingSessionTests.clock), liveTransport: spy)
        _ = try first.client.send(HTTPRequest(url: "https://h/a"))
        try first.finish()
        let refusingWriter = AtomicFileWriter { _, _ in 5 }
        let second = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: path, mode: .all, recordedAt: RecordingSessionTests.clock), liveTransport: spy,
            writer: refusingWriter)
        _ = try second.client.send(HTTPRequest(url: "https://h/a"))
        #expect(try second.finish().written == nil)
    }

    @Test func unmatchedRequestsAreRedactedAndSayHowToRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            RecordingSessionTests.cassetteText(urls: [
                "https://api.aerisapi.com/advisories/houma,la,us?client_id=<AERIS_CLIENT_ID>"
            ]), to: "s/cassette.json")
        let session = try RecordingSession(
            options: RecordingOptions(
                cassettesDirectory: directory.path, environment: RecordingSessionTests.secrets,
                secrets: DeclaredSecrets.all,
                recordCommand: "locsim replay W.gpx --live --record X --mode new-episodes"))
        do {
            _ = try session.client.send(
                HTTPRequest(
                    url: "https://api.aerisapi.com/advisories/franklin,la,us?client_id=liveClientId42&note=owmAppId777")
            )
            Issue.record("answered an unrecorded request")
        } catch {
            guard case .notRecorded(let message) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(
                message == """
                    no recorded interaction answers GET https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&note=<OWM_APPID>
                      searched: cassettes under \(directory.path) (1 file)
                      closest: GET https://api.aerisapi.com/advisories/houma,la,us?client_id=<AERIS_CLIENT_ID> (\(directory.file("s/cassette.json")), interaction 0)
                      differs: path /advisories/franklin,la,us (recorded /advisories/houma,la,us); query parameter not in the recording: note
                      to record it: locsim replay W.gpx --live --record X --mode new-episodes
                    """)
        }
    }

    @Test func brokenCassettesFailTheSessionUpFront() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(String(RecordingSessionTests.cassetteText(urls: ["https://h/a"]).prefix(30)), to: "c.json")
        for options in [
            RecordingOptions(cassettePaths: [directory.file("c.json")]),
            RecordingOptions(cassettesDirectory: directory.path),
            RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: .newEpisodes),
        ] {
            #expect(throws: RecordingError.self) {
                try RecordingSession(options: options, liveTransport: SpyHTTPClient())
            }
        }
        #expect(
            throws: RecordingError.cassette(
                CassetteError(kind: .missing, path: directory.file("none.json"), reason: "no such cassette file"))
        ) {
            try RecordingSession(options: RecordingOptions(cassettePaths: [directory.file("none.json")]))
        }
    }

    @Test func recordingNeedsLive() {
        #expect(throws: RecordingError.configuration("recording into c.json needs live access (--live)")) {
            try RecordingSession(options: RecordingOptions(recordPath: "c.json", mode: .once))
        }
    }

    @Test func liveFailuresPassThroughAndRecordNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let port = try LoopbackHTTPServer.closedPort()
        let session = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: directory.file("c.json"), mode: .all,
                environment: RecordingSessionTests.secrets, secrets: DeclaredSecrets.all
            ),
            liveTransport: LiveHTTPClient(timeout: .seconds(5)))
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
            try session.client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/p?appid=owmAppId777"))
        }
        #expect(try session.finish() == RecordingSummary(replayed: 0, recorded: 0, written: directory.file("c.json")))
        #expect(try CassetteStore.load(directory.file("c.json")).interactions.isEmpty)
    }

    @Test func liveWithoutARecordPathIsThePlainTransport() throws {
        let spy = SpyHTTPClient()
        let session = try RecordingSession(options: RecordingOptions(live: true), liveTransport: spy)
        _ = try session.client.send(HTTPRequest(url: "https://h/a"))
        #expect(spy.requests.count == 1)
        #expect(try session.finish().written == nil)
    }

    static func cassetteText(urls: [String]) -> String {
        Cassette(
            interactions: urls.map {
                HTTPInteraction(
                    request: HTTPRequest(url: $0), response: HTTPResponse(status: 200, body: Array("recorded".utf8)),
                    recordedAt: "2020-01-01T00:00:00Z")
            }
        ).text()
    }
}

/// A thread-safe counter for server handlers.
private final class Counter: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
