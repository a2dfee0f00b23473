import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimTesting
import Testing

@Suite struct LiveHTTPClientTests {
    /// 282 bytes of JSON compressed by Python's `gzip.compress(data, mtime=0)` (real deflate
    /// blocks, unlike ``Gzip/wrapStored(_:)``).
    static let pythonGzip: [UInt8] = [
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xAB, 0x56, 0x2A, 0x2E, 0x4D, 0x4E, 0x4E, 0x2D,
        0x2E, 0x56,
        0xB2, 0x2A, 0x29, 0x2A, 0x4D, 0xD5, 0x51, 0x4A, 0x2D, 0x2A, 0xCA, 0x2F, 0x52, 0xB2, 0xCA, 0x2B, 0xCD, 0xC9,
        0xD1, 0x51,
        0x2A, 0x4A, 0x2D, 0x2E, 0xC8, 0xCF, 0x2B, 0x4E, 0x55, 0xB2, 0x8A, 0xAE, 0x56, 0x4A, 0x49, 0x2D, 0x49, 0xCC,
        0xCC, 0x01,
        0x2A, 0xAC, 0x56, 0x2A, 0xA9, 0x2C, 0x00, 0x8A, 0x29, 0xB9, 0xF9, 0xE8, 0x45, 0x2A, 0xE9, 0x28, 0xE5, 0x25,
        0xE6, 0x42,
        0x78, 0xFE, 0xFE, 0x2E, 0x0A, 0x8E, 0x2E, 0x61, 0x9E, 0xC1, 0xFE, 0x41, 0x91, 0x4A, 0xB5, 0xB5, 0xB1, 0xB5,
        0xD5, 0x43,
        0xD8, 0x74, 0x00, 0x3C, 0xFD, 0x65, 0xB8, 0x1A, 0x01, 0x00, 0x00,
    ]
    static let pythonGzipPlain = String(
        repeating: #"{"success":true,"error":null,"response":[{"details":{"type":"FL.Y","name":"FLOOD ADVISORY"}}]}"#,
        count: 3)

    @Test func sendsMethodHeadersAndBodyAndReturnsTheResponse() throws {
        let server = try LoopbackHTTPServer { request in
            .init(
                HTTPResponse(
                    status: 201, headers: ["Content-Type": "text/plain", "X-Echo": request.method], body: request.body))
        }
        defer { server.stop() }
        let client = LiveHTTPClient(timeout: .seconds(5))
        let response = try client.send(
            HTTPRequest(
                method: "POST", url: server.baseURL + "/push?x=1",
                headers: ["X-Parse-Application-Id": "app", "Content-Type": "application/json"],
                body: Array(#"{"a":1}"#.utf8)))
        #expect(response.status == 201)
        #expect(response.header("x-echo") == "POST")
        #expect(response.body == Array(#"{"a":1}"#.utf8))
        let received = try #require(server.requests.first)
        #expect(received.url == server.baseURL + "/push?x=1")
        #expect(received.header("x-parse-application-id") == "app")
        #expect(received.body == Array(#"{"a":1}"#.utf8))
    }

    @Test(arguments: [200, 400, 401, 404, 429, 500, 503])
    func everyStatusIsAResponseNotAnError(status: Int) throws {
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: status, body: Array("body \(status)".utf8)))
        }
        defer { server.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/s"))
        #expect(response.status == status)
        #expect(response.body == Array("body \(status)".utf8))
    }

    @Test func redirectsAreFollowedAndTheFinalResponseReturned() throws {
        let server = try LoopbackHTTPServer { request in
            request.url.hasSuffix("/old")
                ? .init(HTTPResponse(status: 301, headers: ["Location": "/new"]))
                : .init(HTTPResponse(status: 200, body: Array("moved here".utf8)))
        }
        defer { server.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/old"))
        #expect(response.status == 200)
        #expect(response.body == Array("moved here".utf8))
        #expect(server.requests.map(\.url) == [server.baseURL + "/old", server.baseURL + "/new"])
    }

    @Test func gzipStoredBodiesArriveDecodedWithoutWireHeaders() throws {
        let body = Array(#"{"features":[],"type":"FeatureCollection"}"#.utf8)
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/geo+json"], body: body), gzip: true)
        }
        defer { server.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/alerts"))
        #expect(response.body == body)
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.header("Content-Length") == nil)
        #expect(response.header("Content-Type") == "application/geo+json")
    }

    @Test func gzipDeflatedByAnotherToolArrivesDecoded() throws {
        let server = try LoopbackHTTPServer { _ in
            .encoded(
                status: 200, headers: ["Content-Type": "application/json"], bytes: LiveHTTPClientTests.pythonGzip,
                contentEncoding: "gzip")
        }
        defer { server.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/advisories"))
        #expect(String(decoding: response.body, as: UTF8.self) == LiveHTTPClientTests.pythonGzipPlain)
        #expect(response.header("Content-Encoding") == nil)
    }

    @Test func slowServerTimesOut() throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200), delay: .seconds(10)) }
        defer { server.stop() }
        #expect(throws: HTTPClientError.timedOut("127.0.0.1: no complete response within 0.5 s")) {
            try LiveHTTPClient(timeout: .seconds(0.5)).send(HTTPRequest(url: server.baseURL + "/slow"))
        }
    }

    /// The head at once, then the body at one byte a second: every read makes progress, so
    /// only an overall deadline ends it (URLSession on Linux took 39 s against an 8 s timeout).
    @Test func aBodyDrippedAByteASecondEndsAtTheDeadline() throws {
        let server = try LoopbackHTTPServer { _ in
            .dripped(
                HTTPResponse(status: 200, body: Array(repeating: 0x61, count: 100)), bytesPerSecond: 1, bodyOnly: true)
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut("127.0.0.1: no complete response within 1.5 s")) {
            try LiveHTTPClient(timeout: .seconds(1.5)).send(HTTPRequest(url: server.baseURL + "/drip"))
        }
        #expect(ContinuousClock.now - start < .seconds(4))
    }

    /// The whole reply, head included, at one byte a second.
    @Test func aSlowDripEndsAtTheDeadline() throws {
        let server = try LoopbackHTTPServer { _ in
            .dripped(HTTPResponse(status: 200, body: Array(repeating: 0x61, count: 100)), bytesPerSecond: 1)
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut("127.0.0.1: no complete response within 1.5 s")) {
            try LiveHTTPClient(timeout: .seconds(1.5)).send(HTTPRequest(url: server.baseURL + "/drip"))
        }
        #expect(ContinuousClock.now - start < .seconds(4))
    }

    /// A large body at a low rate (1 MiB at 64 KiB/s, 16 s) is bounded by the deadline too:
    /// headers arrive at once, the body never completes in time.
    @Test func aLargeBodyAtALowRateEndsAtTheDeadline() throws {
        let server = try LoopbackHTTPServer { _ in
            .dripped(HTTPResponse(status: 200, body: Array(repeating: 0x61, count: 1 << 20)), bytesPerSecond: 65_536)
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut("127.0.0.1: no complete response within 1.5 s")) {
            try LiveHTTPClient(timeout: .seconds(1.5)).send(HTTPRequest(url: server.baseURL + "/large"))
        }
        #expect(ContinuousClock.now - start < .seconds(4))
    }

    @Test func aBodyBeyondTheCapIsRefused() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, body: Array(repeating: 0x61, count: 3 << 20)))
        }
        defer { server.stop() }
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: response body larger than the 1 MiB cap")) {
            try LiveHTTPClient(timeout: .seconds(5), maxBodyBytes: 1 << 20).send(
                HTTPRequest(url: server.baseURL + "/big"))
        }
        let response = try LiveHTTPClient(timeout: .seconds(5), maxBodyBytes: 3 << 20).send(
            HTTPRequest(url: server.baseURL + "/big"))
        #expect(response.body.count == 3 << 20)
    }

    @Test func aConnectionClosedWithoutAnAnswerSaysSo() throws {
        let server = try LoopbackHTTPServer { _ in .closed }
        defer { server.stop() }
        #expect(
            throws: HTTPClientError.unreachable("127.0.0.1: the server closed the connection without a response")
        ) {
            try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/half"))
        }
    }

    @Test func closedPortIsUnreachableAndTheMessageHidesTheQuery() throws {
        let port = try LoopbackHTTPServer.closedPort()
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
            try LiveHTTPClient(timeout: .seconds(5)).send(
                HTTPRequest(url: "http://127.0.0.1:\(port)/x?client_secret=hunter22"))
        }
    }

    @Test func invalidURLIsUnreachable() {
        #expect(throws: HTTPClientError.unreachable("(no host): not a valid absolute URL")) {
            try LiveHTTPClient(timeout: .seconds(1)).send(HTTPRequest(url: "not a url"))
        }
    }
}
