import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimServe
import LocSimTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `URLSession` against the server: keep-alive, concurrency, uploads, record-through
/// against a loopback upstream, and shutdown with a request in flight.
@Suite struct URLSessionClientTests {
    static func get(_ session: URLSession, _ url: String) async throws -> (Int, String) {
        let (data, response) = try await session.data(from: URL(string: url)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func aURLSessionReplaysInOrderOverKeptAliveConnections() async throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = fixture.server.baseURL + CassetteServerTests.aerisPath
        let first = try await Self.get(session, url)
        let second = try await Self.get(session, url)
        #expect(first.0 == 200 && first.1 == #"{"answer":1}"#)
        #expect(second.0 == 200 && second.1 == #"{"answer":2}"#)
        let miss = try await Self.get(session, fixture.server.baseURL + "/nws/alerts/active?point=1,2")
        #expect(miss.0 == 404)
        #expect(miss.1.contains(#""error":"not_recorded""#))
    }

    @Test func manyConcurrentClientsAreAllAnswered() async throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = fixture.server.baseURL + CassetteServerTests.aerisPath
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 { group.addTask { try await Self.get(session, url).0 } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 64))
        #expect(fixture.server.requests.count == 64)
        // Raw connections held open at once, each answered on its own thread.
        let connections = try (0..<32).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in connections { connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n") }
        #expect(connections.allSatisfy { $0.readResponse()?.status == 200 })
    }

    @Test func anUploadIsAnswered() async throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        var request = URLRequest(url: URL(string: fixture.server.baseURL + "/parse/push")!)
        request.httpMethod = "POST"
        request.httpBody = Data(String(repeating: "x", count: 100_000).utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == #"{"result":true}"#)
    }

    @Test func recordThroughForwardsAMissAppendsItRedactedAndWritesTheCassetteAtOnce() async throws {
        let upstream = try LoopbackHTTPServer { request in
            .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"live":true}"#.utf8)))
        }
        defer { upstream.stop() }
        let fixture = try ServeFixture(
            recording: .newEpisodes, live: RoutedClient(port: upstream.port),
            environment: ["AERIS_CLIENT_SECRET": "live-secret-123", "AERIS_CLIENT_ID": "live-id-456"])
        defer { fixture.tearDown() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        // Recorded: replayed without a network call.
        let replayed = try await Self.get(session, fixture.server.baseURL + CassetteServerTests.aerisPath)
        #expect(replayed.1 == #"{"answer":1}"#)
        #expect(upstream.requests.isEmpty)
        // Not recorded: forwarded with the real secret, appended with placeholders.
        let path = "/aeris/advisories/houma,la,us?client_id=live-id-456&client_secret=live-secret-123"
        let live = try await Self.get(session, fixture.server.baseURL + path)
        #expect(live.0 == 200 && live.1 == #"{"live":true}"#)
        #expect(upstream.requests.count == 1)
        #expect(upstream.requests.first?.url.contains("client_secret=live-secret-123") == true)
        let written = try String(contentsOfFile: fixture.cassette, encoding: .utf8)
        #expect(written.contains("houma,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"))
        #expect(!written.contains("live-secret-123"))
        #expect(try Cassette.parse(utf8: Array(written.utf8), path: "c").interactions.count == 4)
        #expect(fixture.server.requests.map(\.outcome) == [.replayed, .recorded])
        // The new interaction is not recorded twice by a second session over the written file.
        let reread = try RecordingSession(options: RecordingOptions(cassettePaths: [fixture.cassette]))
        #expect(throws: Never.self) {
            try reread.client.send(
                HTTPRequest(url: "https://api.aerisapi.com/advisories/houma,la,us?client_id=a&client_secret=b"))
        }
    }

    @Test func shutdownLetsAnInFlightRequestFinishAndWritesTheCassette() async throws {
        let arrived = DispatchSemaphore(value: 0)
        let upstream = try LoopbackHTTPServer { _ in
            arrived.signal()
            return .init(HTTPResponse(status: 200, body: Array("slow".utf8)), delay: .milliseconds(400))
        }
        defer { upstream.stop() }
        let fixture = try ServeFixture(recording: .all, live: RoutedClient(port: upstream.port))
        defer { fixture.tearDown() }
        let url = fixture.server.baseURL + "/nws/alerts/active?point=29.8,-91.5"
        async let answer = Self.get(URLSession.shared, url)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                arrived.wait()
                continuation.resume()
            }
        }
        fixture.server.shutdown()
        let (status, body) = try await answer
        #expect(status == 200 && body == "slow")
        let cassette = try Cassette.parse(
            utf8: Array(try String(contentsOfFile: fixture.cassette, encoding: .utf8).utf8), path: "c")
        #expect(cassette.interactions.map(\.request.url) == ["https://api.weather.gov/alerts/active?point=29.8,-91.5"])
    }
}

/// The live transport of record-through tests: every request goes to the loopback upstream over
/// plain http, the request (and so the recording) keeping its real URL.
struct RoutedClient: HTTPClient {
    let port: Int
    var timeout: Double = 5

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        var routed = request
        let parts = URLParts(request.url)
        let afterHost = request.url.range(of: parts.host).map { String(request.url[$0.upperBound...]) } ?? "/"
        routed.url = "http://127.0.0.1:\(port)" + afterHost
        return try LiveHTTPClient(timeout: .seconds(timeout)).send(routed)
    }
}
