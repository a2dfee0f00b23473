import Foundation
import Testing

@testable import LocSimServe

/// Malformed, oversized, slow and too many: each gets a 4xx or 503 and the server keeps serving.
@Suite struct HardeningTests {
    static func answer(_ bytes: [UInt8], limits: ServeLimits = ServeLimits()) throws -> (Int, Bool, ServeFixture) {
        let fixture = try ServeFixture(limits: limits)
        let connection: RawConnection
        do {
            connection = try RawConnection(port: fixture.server.port)
        } catch {
            fixture.tearDown()
            throw error
        }
        connection.send(bytes)
        let status = connection.readResponse()?.status ?? 0
        return (status, connection.isClosedByPeer(), fixture)
    }

    @Test(
        arguments: [
            ("garbage\r\n\r\n", 400), ("GET / HTTP/1.1\r\n\r\n", 400), ("GET /  HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505), ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400), ("GET / HTTP/1.1\nHost: x\n\n\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 2\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400),
        ])
    func malformedRequestsAre4xxAndClose(request: String, status: Int) throws {
        let (answered, closed, fixture) = try Self.answer(Array(request.utf8))
        defer { fixture.tearDown() }
        #expect(answered == status)
        #expect(closed)
        #expect(fixture.server.requests.last?.outcome == .rejected)
        let next = try RawConnection(port: fixture.server.port)
        next.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.readResponse()?.status == 200)
    }

    @Test func randomBytesNeverCrashTheServer() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        var generator = SplitMix(seed: 14)
        for round in 0..<50 {
            let connection = try RawConnection(port: fixture.server.port)
            let count = 1 + Int(generator.next() % 600)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if round % 2 == 0 { bytes = Array("GET /aeris/x HTTP/1.1\r\n".utf8) + bytes }
            connection.send(bytes + [13, 10, 13, 10])
            if let response = connection.readResponse() {
                #expect((400..<600).contains(response.status) || response.status == 404)
            }
        }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.readResponse()?.status == 200)
    }

    @Test func anOversizedHeadIs431() throws {
        let head = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        let (status, closed, fixture) = try Self.answer(Array(head.utf8), limits: ServeLimits(maxHeaderBytes: 1024))
        defer { fixture.tearDown() }
        #expect(status == 431)
        #expect(closed)
    }

    @Test func anOversizedBodyIs413WhetherDeclaredOrChunked() throws {
        let limits = ServeLimits(maxBodyBytes: 10)
        let (declared, _, first) = try Self.answer(
            Array("POST /parse/push HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n".utf8), limits: limits)
        first.tearDown()
        #expect(declared == 413)
        let (chunked, _, second) = try Self.answer(
            Array(
                "POST /parse/push HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n".utf8),
            limits: limits)
        second.tearDown()
        #expect(chunked == 413)
    }

    @Test func aSlowlorisRequestIs408AtItsDeadline() throws {
        let fixture = try ServeFixture(limits: ServeLimits(requestTimeout: .milliseconds(300)))
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET /aeris/x HTTP/1.1\r\nHost: x\r\n")
        connection.send("X-Slow: 1\r\n")
        let response = connection.readResponse()
        #expect(response?.status == 408)
        #expect(response?.body.contains("within 0.3 s") == true)
        #expect(connection.isClosedByPeer())
    }

    /// A stray CRLF after an answered request (RFC 9112 §2.2: old clients send one after a body)
    /// is no request: the kept-alive connection is closed at the idle limit, silently. The thread
    /// engine used to start the request deadline on it and answer 408 to a client that asked nothing.
    @Test(arguments: [CassetteServer.Engine.eventLoops, .threadPerConnection])
    func emptyLinesAloneAreNoRequest(engine: CassetteServer.Engine) throws {
        let limits = ServeLimits(idleTimeout: .milliseconds(400), requestTimeout: .milliseconds(100))
        let fixture = try ServeFixture(limits: limits, engine: engine)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(ConnectionHandlingTests.health + "\r\n")
        #expect(connection.readResponse()?.status == 200)
        #expect(connection.readResponse() == nil, "closed at the idle limit without an answer")
    }

    /// An HTTP/1.0 client cannot read a 1xx: its `Expect: 100-continue` is ignored (RFC 9110
    /// §10.1.1), so the first answer it reads is the request's own.
    @Test(arguments: [CassetteServer.Engine.eventLoops, .threadPerConnection])
    func anHTTP10ExpectationGetsNoInterimAnswer(engine: CassetteServer.Engine) throws {
        let fixture = try ServeFixture(engine: engine)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("POST /parse/push HTTP/1.0\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        connection.send("{}")
        #expect(connection.readResponse()?.status == 201)
    }

    @Test func anIdleKeptAliveConnectionIsClosed() throws {
        let fixture = try ServeFixture(limits: ServeLimits(idleTimeout: .milliseconds(200)))
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.readResponse()?.status == 200)
        #expect(connection.isClosedByPeer())
    }

    @Test func connectionsBeyondTheLimitAre503() throws {
        let fixture = try ServeFixture(limits: ServeLimits(maxConnections: 2))
        defer { fixture.tearDown() }
        let held = try (0..<2).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in held {
            connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readResponse()?.status == 200)
        }
        let extra = try RawConnection(port: fixture.server.port)
        #expect(extra.readResponse()?.status == 503)
        _ = held
    }
}

/// A seeded generator (no global randomness in tests).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
