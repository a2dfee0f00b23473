import Dispatch
import Foundation
import LocSimHTTPRecording
import LocSimServe
import LocSimSupport
import LocSimTesting
import Testing

/// How connections are carried (on Linux, by the event loops): many at once, pipelining across
/// a request answered off the loop, answers larger than a socket buffer, peers that vanish, a
/// live call that must not hold anyone else up, shutdown with a request still arriving, IPv6.
@Suite struct ConnectionHandlingTests {
    static let health = "GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n"
    static let aeris = "GET \(CassetteServerTests.aerisPath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    static let push = "POST /parse/push HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"

    @Test func twoHundredConnectionsHeldOpenAtOnceAreEachAnsweredInOrder() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        try #require(FileDescriptorLimit.raised >= 512, "400 sockets in this process need a higher open-file limit")
        let connections = try (0..<200).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in connections { connection.send(Self.health + Self.push) }
        var answers: [Int] = []
        for connection in connections {
            answers.append(connection.readResponse()?.status ?? 0)
            answers.append(connection.readResponse()?.status ?? 0)
        }
        #expect(answers == Array(repeating: [200, 201], count: 200).flatMap { $0 })
        for connection in connections { connection.send(Self.push) }
        #expect(connections.map { $0.readResponse()?.status } == Array(repeating: 201, count: 200))
        #expect(fixture.server.requests.count == 400)
    }

    @Test func aPipelinedMissIsAnsweredInItsPlace() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        let miss = "GET /nws/alerts/active?point=1,2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        connection.send(Self.aeris + miss + Self.aeris + Self.health)
        #expect(connection.readResponse()?.body == #"{"answer":1}"#)
        let missed = try #require(connection.readResponse())
        #expect(missed.status == 404 && missed.body.contains(#""error":"not_recorded""#))
        #expect(connection.readResponse()?.body == #"{"answer":2}"#)
        #expect(connection.readResponse()?.status == 200)
        #expect(fixture.server.requests.map(\.outcome) == [.replayed, .miss, .replayed])
    }

    @Test func aHundredPipelinedRequestsInOneWriteGetAHundredAnswers() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(String(repeating: Self.push, count: 99) + Self.health)
        let statuses = (0..<100).map { _ in connection.readResponse()?.status ?? 0 }
        #expect(statuses == Array(repeating: 201, count: 99) + [200])
    }

    @Test func answersLargerThanTheSocketBufferAreWrittenWhole() throws {
        let body = (0..<(3 << 20)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let cassette = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: ServeFixture.aerisURL),
                response: HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: body),
                recordedAt: "2024-06-01T00:00:00Z")
        ])
        let fixture = try ServeFixture(cassette: cassette)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(Self.aeris + Self.aeris + Self.aeris + Self.health)
        let expected = String(decoding: body, as: UTF8.self)
        for _ in 0..<3 {
            let answer = try #require(connection.readResponse())
            #expect(answer.status == 200)
            #expect(answer.body.utf8.count == body.count)
            #expect(answer.body == expected)
        }
        #expect(connection.readResponse()?.status == 200)
    }

    @Test(arguments: [
        "GET /aeris/x HTTP/1.1\r\nHost: x\r\n",
        "POST /parse/push HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789",
        "POST /parse/push HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
    ])
    func aPeerThatLeavesMidRequestGivesItsConnectionBack(partial: String) throws {
        let fixture = try ServeFixture(limits: ServeLimits(maxConnections: 1))
        defer { fixture.tearDown() }
        for _ in 0..<3 {
            let leaving = try RawConnection(port: fixture.server.port)
            leaving.send(partial)
            leaving.shutdownWrite()
            #expect(leaving.isClosedByPeer(), "closed without an answer")
        }
        // The only slot is free again: a leak would make this a 503.
        let next = try RawConnection(port: fixture.server.port)
        next.send(Self.health)
        #expect(next.readResponse()?.status == 200)
        #expect(fixture.server.requests.isEmpty)
    }

    @Test func aPeerThatLeavesWithAnswersUnreadLeavesTheServerServing() throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let cassette = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: ServeFixture.aerisURL), response: HTTPResponse(status: 200, body: body),
                recordedAt: "2024-06-01T00:00:00Z")
        ])
        let fixture = try ServeFixture(cassette: cassette)
        defer { fixture.tearDown() }
        for _ in 0..<4 {
            let leaving = try RawConnection(port: fixture.server.port)
            leaving.send(String(repeating: Self.aeris, count: 16))
        }
        let next = try RawConnection(port: fixture.server.port)
        next.send(Self.health)
        #expect(next.readResponse()?.status == 200)
    }

    @Test func aLiveCallInFlightHoldsUpNoOtherConnection() throws {
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let upstream = try LoopbackHTTPServer { _ in
            arrived.signal()
            release.wait()
            return .init(HTTPResponse(status: 200, body: Array("live".utf8)))
        }
        defer { upstream.stop() }
        // The live call outlasts the other connections' 5 s read timeout: a stalled loop fails them.
        let fixture = try ServeFixture(
            recording: .newEpisodes, live: RoutedClient(port: upstream.port, timeout: 60))
        defer { fixture.tearDown() }
        defer { release.signal() }
        let waiting = try RawConnection(port: fixture.server.port, timeoutSeconds: 30)
        waiting.send("GET /nws/alerts/active?point=1,2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try #require(arrived.wait(timeout: .now() + 30) == .success, "the live call never reached the upstream")
        // Connections are dealt to every loop in turn, so some share the waiting one's loop.
        let others = try (0..<8).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in others { connection.send(Self.health) }
        let statuses = others.map { $0.readResponse()?.status }
        let replayer = try RawConnection(port: fixture.server.port)
        replayer.send(Self.aeris)
        let replayed = replayer.readResponse()
        release.signal()
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(replayed?.body == #"{"answer":1}"#)
        #expect(waiting.readResponse()?.body == "live")
    }

    @Test func shutdownClosesIdleConnectionsAndAnswersARequestStillArriving() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let idle = try RawConnection(port: fixture.server.port)
        let arriving = try RawConnection(port: fixture.server.port)
        for connection in [idle, arriving] {
            connection.send(Self.health)
            #expect(connection.readResponse()?.status == 200)
        }
        arriving.send("GET \(CassetteServerTests.aerisPath) HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            fixture.server.shutdown()
            stopped.signal()
        }
        #expect(idle.isClosedByPeer(), "the idle connection is closed at once")
        arriving.send("\r\n")
        let answer = try #require(arriving.readResponse())
        #expect(answer.body == #"{"answer":1}"#)
        #expect(answer.headers["connection"] == "close")
        #expect(arriving.isClosedByPeer())
        stopped.wait()
        #expect(throws: (any Error).self) { try RawConnection(port: fixture.server.port) }
    }

    /// Whether this machine can listen on ::1 (some containers have no IPv6 loopback).
    static let ipv6Loopback: Bool = {
        let descriptor = socket(AF_INET6, SystemCall.streamSocket, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()

    @Test(.enabled(if: ipv6Loopback, "::1 cannot be bound on this machine"))
    func itServesOnTheIPv6Loopback() throws {
        let fixture = try ServeFixture(host: "::1")
        defer { fixture.tearDown() }
        #expect(fixture.server.baseURL == "http://[::1]:\(fixture.server.port)")
        let connection = try RawConnection(port: fixture.server.port, ipv6: true)
        connection.send(
            "GET \(CassetteServerTests.aerisPath) HTTP/1.1\r\nHost: [::1]:\(fixture.server.port)\r\n\r\n" + Self.health)
        #expect(connection.readResponse()?.body == #"{"answer":1}"#)
        #expect(connection.readResponse()?.status == 200)
    }
}
