import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a recording one-liner session carries out each exchange the way URLSession would:
/// cancellation, the request's timeout, upload bodies, a 307 that repeats a streamed body, and an
/// e-mail address a service echoes (found by a probe from a user's package; issue 35).
@Suite struct RecordingExchangeTests {
    /// A stand-in that echoes the method, path and body, after `delay` for `/slow`.
    static func server(delay: Duration = .seconds(2)) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let path = URLParts(request.url).path
            if path == "/moved" { return .init(HTTPResponse(status: 307, headers: ["Location": "/echo"])) }
            let text = "\(request.method) \(path) \(String(decoding: request.body, as: UTF8.self))"
            return .init(
                HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array(text.utf8)),
                delay: path == "/slow" ? delay : .zero)
        }
    }

    static func recording(_ cassette: URL) throws -> URLSession {
        try LocSimCassetteSession(cassette: cassette, environment: ["LOCSIM_RECORD": "all"], reportsMisses: false)
            .session
    }

    /// A test cancelled while its request is being recorded: the request fails as cancelled,
    /// the process goes on (swift-corelibs-foundation used to trap when the late answer
    /// reached the forgotten task), the live request is cancelled and nothing is recorded.
    @Test func aCancelledRecordingEndsQuietlyAndRecordsNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("cancelled.json")
        let session = try Self.recording(cassette)
        defer { session.finishTasksAndInvalidate() }
        let slow = Task { try await session.data(from: URL(string: server.baseURL + "/slow")!) }
        try await Task.sleep(for: .milliseconds(300))
        slow.cancel()
        await #expect(throws: (any Error).self) { _ = try await slow.value }
        try await Task.sleep(for: .seconds(2.5))  // past the stand-in's answer
        let (data, _) = try await session.data(from: URL(string: server.baseURL + "/after")!)
        #expect(String(decoding: data, as: UTF8.self) == "GET /after ")
        #expect(try CassetteStore.load(cassette.path).interactions.map { URLParts($0.request.url).path } == ["/after"])
    }

    /// The request's `timeoutInterval` bounds a recording as it bounds a live request: a
    /// stand-in that answers after 20 s fails a 0.5 s request as timed out (the live session's
    /// own limit is 30 s), and nothing is recorded.
    @Test func aRecordingTimesOutAfterTheRequestsTimeoutInterval() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server(delay: .seconds(20))
        defer { server.stop() }
        let cassette = fixture.url("timeout.json")
        let session = try Self.recording(cassette)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: server.baseURL + "/slow")!)
        request.timeoutInterval = 0.5
        let error = await #expect(throws: URLError.self) { _ = try await session.data(for: request) }
        #expect(error?.code == .timedOut)
        #expect(!FileManager.default.fileExists(atPath: cassette.path))
    }

    /// `upload(for:from:)` and `upload(for:fromFile:)` send and record their bodies, which
    /// replay then matches (swift-corelibs-foundation keeps them in the task, not the request).
    @Test func uploadsSendAndRecordTheirBodies() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("uploads.json")
        var request = URLRequest(url: URL(string: server.baseURL + "/echo")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let file = try fixture.write(#"{"from":"file"}"#, to: "body.json")
        let session = try Self.recording(cassette)
        let fromData = try await session.upload(for: request, from: Data(#"{"from":"data"}"#.utf8)).0
        let fromFile = try await session.upload(for: request, fromFile: file).0
        session.finishTasksAndInvalidate()
        #expect(String(decoding: fromData, as: UTF8.self) == #"POST /echo {"from":"data"}"#)
        #expect(String(decoding: fromFile, as: UTF8.self) == #"POST /echo {"from":"file"}"#)

        server.stop()
        let replay = try LocSimURLSession.replaying(cassette: cassette, matching: MatchingRules(jsonBody: true))
        defer { replay.finishTasksAndInvalidate() }
        #expect(try await replay.upload(for: request, fromFile: file).0 == fromFile)
        #expect(try await replay.upload(for: request, from: Data(#"{"from":"data"}"#.utf8)).0 == fromData)
    }

    /// A 307 repeats the method and the body, also a body given as a stream (read once).
    @Test func a307RepeatsAStreamedBody() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let session = try Self.recording(fixture.url("redirect.json"))
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: server.baseURL + "/moved")!)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data("streamed".utf8))
        let (data, _) = try await session.data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == "POST /echo streamed")
    }

    /// An e-mail address in `User-Agent` is redacted where the service echoes it too, in the
    /// body, raw or percent-encoded (NWS asks for a contact there and answers with it).
    @Test func anEchoedUserAgentEMailAddressIsNotWritten() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try LoopbackHTTPServer { request in
            let agent = request.header("User-Agent") ?? ""
            let body = #"{"agent":"\#(agent)","escaped":"\#(agent.replacingOccurrences(of: "@", with: "%40"))"}"#
            return .init(
                HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }
        defer { server.stop() }
        let cassette = fixture.url("agent.json")
        let session = try Self.recording(cassette)
        var request = URLRequest(url: URL(string: server.baseURL + "/points/29.8,-91.5")!)
        request.setValue("(franklin-alerts, someone@example.com)", forHTTPHeaderField: "User-Agent")
        _ = try await session.data(for: request)
        session.finishTasksAndInvalidate()
        let text = try #require(fixture.read("agent.json"))
        #expect(!text.contains("someone@example.com"))
        #expect(!text.contains("someone%40example.com"))
        #expect(text.contains("<REDACTED_EMAIL>"))
    }

    /// A recording refused because a secret would be written fails its own request only: the
    /// session's later, clean recordings are written (every one used to be refused, each
    /// naming the first).
    @Test func aRefusedRecordingDoesNotRefuseTheSessionsNextOnes() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try LoopbackHTTPServer { request in
            .init(HTTPResponse(status: 200, body: Array("echo \(request.header("X-Probe-Key") ?? "none")".utf8)))
        }
        defer { server.stop() }
        let cassette = fixture.url("refused.json")
        let session = try LocSimCassetteSession(
            cassette: cassette, secrets: [SecretDeclaration(variable: "PROBE_KEY", headers: ["X-Probe-Key"])],
            environment: ["LOCSIM_RECORD": "all", "PROBE_KEY": "ab12c"], reportsMisses: false
        ).session
        defer { session.finishTasksAndInvalidate() }
        var leaking = URLRequest(url: URL(string: server.baseURL + "/leaks")!)
        leaking.setValue("ab12c", forHTTPHeaderField: "X-Probe-Key")
        let refusal = await #expect(throws: URLError.self) { _ = try await session.data(for: leaking) }
        // Not `.cancelled`, which apps commonly swallow: a refused recording must fail the test.
        #expect(refusal?.code == .cannotWriteToFile)
        #expect(refusal?.userInfo["LocSimFailureCode"] as? String == "refused")
        let (data, _) = try await session.data(from: URL(string: server.baseURL + "/clean")!)
        #expect(String(decoding: data, as: UTF8.self) == "echo none")
        #expect(try CassetteStore.load(cassette.path).interactions.map { URLParts($0.request.url).path } == ["/clean"])
    }
}
