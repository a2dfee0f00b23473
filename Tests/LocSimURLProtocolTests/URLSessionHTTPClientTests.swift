import LocSimTesting
import Testing

@testable import LocSimHTTPRecording

@Suite struct URLSessionHTTPClientTests {
    static let count = 6

    /// `count` awaits from child tasks sharing one thread are all at the server at once: the
    /// data task's completion resumes each caller, none blocks the thread.
    @available(macOS 15, iOS 18, *)
    @Test func concurrentAwaitsAreInFlightTogetherOnOneThread() async throws {
        let gathering = Gathering(expected: Self.count)
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: gathering.arrive() ? 200 : 504)) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 30)
        defer { client.invalidate() }
        let statuses = await withTaskExecutorPreference(OneThreadExecutor()) {
            await withTaskGroup(of: Int.self) { group in
                for index in 0..<Self.count {
                    group.addTask {
                        let request = HTTPRequest(url: server.baseURL + "/\(index)")
                        return (try? await client.response(for: request).status) ?? -1
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: Self.count))
    }

    @Test func asyncAndBlockingFormsAnswerAlike() async throws {
        let server = try LoopbackHTTPServer { request in
            .init(HTTPResponse(status: 201, headers: ["X-Echo": request.method], body: request.body))
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 30)
        defer { client.invalidate() }
        let request = HTTPRequest(method: "POST", url: server.baseURL + "/echo", body: Array("hi".utf8))
        let blocking = try client.send(request)
        let suspending = try await client.response(for: request)
        #expect(suspending.status == 201 && suspending.body == Array("hi".utf8))
        #expect(suspending.header("x-echo") == "POST")
        #expect(blocking.status == suspending.status && blocking.body == suspending.body)
        let closing = try LoopbackHTTPServer { _ in .closed }
        defer { closing.stop() }
        let unreachable = HTTPRequest(url: closing.baseURL + "/closed")
        let blockingError = #expect(throws: HTTPClientError.self) { try client.send(unreachable) }
        let suspendingError = await #expect(throws: HTTPClientError.self) {
            try await client.response(for: unreachable)
        }
        #expect(blockingError != nil && blockingError == suspendingError, "\(String(describing: blockingError))")
    }

    /// Cancelling the awaiting task cancels the data task: the call fails at once, though the
    /// server would answer 200 a minute later.
    @Test func cancellingTheCallerCancelsTheDataTask() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try LoopbackHTTPServer { _ in
            arrived.yield()
            return .init(HTTPResponse(status: 200), delay: .seconds(60))
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 120)
        defer { client.invalidate() }
        let call = Task { try await client.response(for: HTTPRequest(url: server.baseURL + "/slow")) }
        for await _ in arrivals { break }
        call.cancel()
        let error = await #expect(throws: HTTPClientError.self) { try await call.value }
        guard case .unreachable(let message) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("127.0.0.1: "))
    }

    /// Once invalidated (its cassette session finished), the live client refuses as a released
    /// client, without reaching the network (it used to fail as "cannot connect", naming the
    /// stand-in). Tested here, not through the finished URLSession, on which
    /// swift-corelibs-foundation traps ("Session invalidated") once invalidation completes.
    @Test func anInvalidatedClientRefusesAsReleased() throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200)) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 30)
        client.invalidate()
        #expect {
            _ = try client.send(HTTPRequest(url: server.baseURL + "/a"))
        } throws: { error in
            guard case .refused(let message) = error as? HTTPClientError else { return false }
            return message.contains("released")
        }
        #expect(server.requests.isEmpty)
    }

    #if canImport(FoundationNetworking)
        /// A stand-in at an IPv6 address (`LOCSIM_CONNECT_TO=host=[::1]:PORT`, which the route
        /// parser takes) is a request swift-corelibs-foundation refuses as a bad URL: the error
        /// says so and what to give instead (found by an attack run on the library face; it said
        /// "::1: The operation could not be completed. (NSURLErrorDomain error -1000.)").
        @Test func anIPv6StandInIsExplainedOnLinux() throws {
            let client = URLSessionHTTPClient(timeout: 5)
            defer { client.invalidate() }
            #expect {
                _ = try client.send(HTTPRequest(url: "http://[::1]:9/a"))
            } throws: { error in
                guard case .unreachable(let message) = error as? HTTPClientError else { return false }
                return message.contains("cannot send a request to an IPv6 address")
                    && message.contains("LOCSIM_CONNECT_TO=host=127.0.0.1:PORT")
            }
        }
    #endif
}
