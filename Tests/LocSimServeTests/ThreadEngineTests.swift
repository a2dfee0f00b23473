import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimServe

/// The thread-per-connection engine (the one on macOS and iOS), run here on Linux too, through
/// the same behaviours the event loops are tested for.
@Suite struct ThreadEngineTests {
    static let health = ConnectionHandlingTests.health
    static let aeris = ConnectionHandlingTests.aeris

    @Test func keepAlivePipeliningAndAMissAreAnsweredInOrder() throws {
        let fixture = try ServeFixture(engine: .threadPerConnection)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        let miss = "GET /nws/alerts/active?point=1,2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        connection.send(Self.aeris + miss + Self.aeris + ConnectionHandlingTests.push)
        #expect(connection.readResponse()?.body == #"{"answer":1}"#)
        #expect(connection.readResponse()?.status == 404)
        #expect(connection.readResponse()?.body == #"{"answer":2}"#)
        #expect(connection.readResponse()?.status == 201)
        #expect(fixture.server.requests.map(\.outcome) == [.replayed, .miss, .replayed, .replayed])
    }

    @Test func malformedSlowIdleAndExtraConnectionsAreRefused() throws {
        let limits = ServeLimits(maxConnections: 2, idleTimeout: .milliseconds(200), requestTimeout: .milliseconds(300))
        let fixture = try ServeFixture(limits: limits, engine: .threadPerConnection)
        defer { fixture.tearDown() }
        let malformed = try RawConnection(port: fixture.server.port)
        malformed.send("garbage\r\n\r\n")
        #expect(malformed.readResponse()?.status == 400)
        #expect(malformed.isClosedByPeer())
        let slow = try RawConnection(port: fixture.server.port)
        slow.send("GET /aeris/x HTTP/1.1\r\nHost: x\r\n")
        #expect(slow.readResponse()?.status == 408)
        #expect(slow.isClosedByPeer())
        let idle = try RawConnection(port: fixture.server.port)
        idle.send(Self.health)
        #expect(idle.readResponse()?.status == 200)
        #expect(idle.isClosedByPeer())
        let held = try (0..<2).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in held {
            connection.send(Self.health)
            #expect(connection.readResponse()?.status == 200)
        }
        let extra = try RawConnection(port: fixture.server.port)
        #expect(extra.readResponse()?.status == 503)
    }

    @Test func shutdownFinishesAnInFlightLiveCallAndWritesTheCassette() throws {
        let arrived = DispatchSemaphore(value: 0)
        let upstream = try LoopbackHTTPServer { _ in
            arrived.signal()
            return .init(HTTPResponse(status: 200, body: Array("slow".utf8)), delay: .milliseconds(300))
        }
        defer { upstream.stop() }
        let fixture = try ServeFixture(
            recording: .all, live: RoutedClient(port: upstream.port), engine: .threadPerConnection)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET /nws/alerts/active?point=29.8,-91.5 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try #require(arrived.wait(timeout: .now() + 30) == .success, "the live call never reached the upstream")
        fixture.server.shutdown()
        let answer = try #require(connection.readResponse())
        #expect(answer.status == 200 && answer.body == "slow")
        #expect(answer.headers["connection"] == "close")
        let written = try Cassette.parse(
            utf8: Array(try String(contentsOfFile: fixture.cassette, encoding: .utf8).utf8), path: "c")
        #expect(written.interactions.map(\.request.url) == ["https://api.weather.gov/alerts/active?point=29.8,-91.5"])
    }

    @Test func shutdownOverHTTPStopsIt() throws {
        let fixture = try ServeFixture(engine: .threadPerConnection)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("POST /__locsim/shutdown HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        #expect(connection.readResponse()?.status == 200)
        fixture.server.wait()
        #expect(throws: (any Error).self) { try RawConnection(port: fixture.server.port) }
    }
}
