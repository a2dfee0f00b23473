import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimTesting
import Testing

@Suite struct LiveHTTPClientAsyncTests {
    static let count = 6

    /// Sends `count` requests at once from child tasks that share one thread; each answer says
    /// whether the server held all of them at the same time.
    @available(macOS 15, iOS 18, *)
    static func concurrentStatuses(_ client: any HTTPClient, baseURL: String) async -> [Int] {
        await withTaskExecutorPreference(OneThreadExecutor()) {
            await withTaskGroup(of: Int.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let request = HTTPRequest(url: baseURL + "/\(index)")
                        return (try? await client.response(for: request).status) ?? -1
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
    }

    /// A server whose answer is 200 when `count` requests were in flight together, else 504.
    static func gatheringServer() throws -> LoopbackHTTPServer {
        let gathering = Gathering(expected: count)
        return try LoopbackHTTPServer { _ in .init(HTTPResponse(status: gathering.arrive() ? 200 : 504)) }
    }

    @available(macOS 15, iOS 18, *)
    @Test func concurrentAwaitsAreInFlightTogetherOnOneThread() async throws {
        let server = try Self.gatheringServer()
        defer { server.stop() }
        let statuses = await Self.concurrentStatuses(LiveHTTPClient(timeout: .seconds(30)), baseURL: server.baseURL)
        #expect(statuses == Array(repeating: 200, count: Self.count))
        #expect(server.requests.count == Self.count)
    }

    /// Recording, the failure watcher, `--connect-to` and the deferred client each forward
    /// `response(for:)`: through all of them the live exchanges still overlap on one thread.
    @available(macOS 15, iOS 18, *)
    @Test func wrappersKeepTheExchangeAsync() async throws {
        let server = try Self.gatheringServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let live = LiveHTTPClient(timeout: .seconds(30))
        let watcher = LiveFailureWatcher(
            base: ConnectToClient(
                base: DeferredHTTPClient { live }, routes: ["example.test": "127.0.0.1:\(server.port)"]))
        let session = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: .all),
            liveTransport: watcher)
        let statuses = await Self.concurrentStatuses(session.client, baseURL: "http://example.test")
        #expect(statuses == Array(repeating: 200, count: Self.count))
        #expect(watcher.failures.isEmpty)
        #expect(
            try session.finish()
                == RecordingSummary(replayed: 0, recorded: Self.count, written: directory.file("c.json")))
    }

    @Test func asyncFailuresMatchTheBlockingForm() async throws {
        let server = try LoopbackHTTPServer { _ in .closed }
        defer { server.stop() }
        let client = LiveHTTPClient(timeout: .seconds(5))
        let request = HTTPRequest(url: server.baseURL + "/gone")
        let blocking = #expect(throws: HTTPClientError.self) { try client.send(request) }
        let suspending = await #expect(throws: HTTPClientError.self) { try await client.response(for: request) }
        #expect(blocking != nil && blocking == suspending)
        let invalid = await #expect(throws: HTTPClientError.self) {
            try await client.response(for: HTTPRequest(url: "ftp://example.test/x"))
        }
        #expect(invalid == .unreachable("example.test: not a valid absolute URL"))
    }

    /// Cancelling the awaiting task resumes it at once with `cancelled`, though the server has
    /// not answered (it would answer 200 a minute later).
    @Test func cancellingTheCallerEndsTheWait() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try LoopbackHTTPServer { _ in
            arrived.yield()
            return .init(HTTPResponse(status: 200), delay: .seconds(60))
        }
        defer { server.stop() }
        let client = LiveHTTPClient(timeout: .seconds(120))
        let call = Task { try await client.response(for: HTTPRequest(url: server.baseURL + "/slow")) }
        for await _ in arrivals { break }
        call.cancel()
        let result = await call.result
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: cancelled")) { try result.get() }
    }
}
