import Foundation
import LocSimHTTPRecording
import Testing

@testable import LocSimServe

/// Issue 24 item 9: HTTP strictness answered at once, and bounds that hold across connections.
@Suite struct StrictnessAndBoundsTests {
    @Test(
        arguments: [
            ("GET /aeris/x HTTP/1.1\nHost: x\n\n", "a bare LF"),
            ("GET /aeris/x HTTP/1.1\r\nHost: x\nX-A: 1\r\n\r\n", "a bare LF"),
            ("GET /aeris/x HTTP/1.1\r\nHost: x\rX-A: 1\r\n\r\n", "a bare CR"),
            ("GET /aeris/x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "more than one Host"),
            ("POST /parse/1/push HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.0"),
        ])
    func isRefusedWith400AtOnce(request: String, reason: String) throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        // The slowloris deadline is 10 s: an answer within 3 s is the refusal, not the timeout.
        let connection = try RawConnection(port: fixture.server.port, timeoutSeconds: 3)
        connection.send(request)
        let response = connection.readResponse()
        #expect(response?.status == 400)
        #expect(response?.body.contains(reason) == true, "\(response?.body ?? "no answer")")
        #expect(connection.isClosedByPeer())
    }

    @Test func bodiesBeingReceivedAreBoundedAcrossConnections() throws {
        let limits = ServeLimits(maxBodyBytes: 1000, maxPendingBodyBytes: 2500)
        let fixture = try ServeFixture(limits: limits)
        defer { fixture.tearDown() }
        let head = "POST /parse/1/push HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"
        let held = try (0..<2).map { _ in try RawConnection(port: fixture.server.port) }
        for connection in held { connection.send(head + String(repeating: "a", count: 10)) }
        let deadline = Date().addingTimeInterval(5)
        while fixture.server.core.bodies.inUse < 2000, Date() < deadline { usleep(2000) }
        #expect(fixture.server.core.bodies.inUse == 2000)

        let refused = try RawConnection(port: fixture.server.port)
        refused.send(head)
        let answer = refused.readResponse()
        #expect(answer?.status == 503)
        #expect(answer?.body.contains("2500 bytes") == true)

        held[0].send(String(repeating: "a", count: 990))
        #expect(held[0].readResponse()?.status != 503)
        let later = try RawConnection(port: fixture.server.port)
        later.send(head + String(repeating: "a", count: 1000))
        #expect(later.readResponse()?.status != 503)
        _ = held
    }

    @Test func theRequestLogIsBoundedInBytesAsWellAsEntries() throws {
        let log = RequestLog(capacity: 10_000, maxBytes: 100_000)
        let long = "/aeris/" + String(repeating: "x", count: 16_000)
        for index in 0..<1000 {
            log.append(
                ServeLogEntry(
                    method: "GET", path: long + "\(index)", url: nil, outcome: .miss, interaction: nil, status: 404,
                    microseconds: 1))
        }
        let (entries, total) = log.snapshot
        #expect(total == 1000)
        #expect(log.keptBytes <= 100_000)
        #expect(entries.count == 100_000 / RequestLog.size(of: entries[0]))
        #expect(entries.last?.path.hasSuffix("999") == true)
        #expect(entries.first?.path.hasSuffix("\(1000 - entries.count)") == true)

        let small = RequestLog(capacity: 3)
        for index in 0..<5 {
            small.append(
                ServeLogEntry(
                    method: "GET", path: "/\(index)", url: nil, outcome: .miss, interaction: nil, status: 404,
                    microseconds: 1))
        }
        #expect(small.snapshot.entries.map(\.path) == ["/2", "/3", "/4"])
    }

    @Test func aServerKeepsTheRequestLogWithinItsByteBound() throws {
        let fixture = try ServeFixture(limits: ServeLimits(maxRequestLogBytes: 64 << 10))
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        let long = String(repeating: "y", count: 4000)
        for index in 0..<100 {
            connection.send("GET /aeris/\(long)?n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readResponse()?.status == 404)
        }
        #expect(fixture.server.core.responder.log.keptBytes <= 64 << 10)
        #expect(fixture.server.requests.count < 20)
        connection.send("GET /__locsim/requests HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.readResponse()?.body.hasPrefix(#"{"count":100,"#) == true)
    }

    @Test func credentialsInARequestTargetAreRedactedInLogsAndReports() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET http://alice:hunter2pass@api.aerisapi.com/advisories/x HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = connection.readResponse()
        #expect(answer?.status == 404)
        #expect(answer?.body.contains("hunter2pass") == false)
        let entry = try #require(fixture.server.requests.last)
        #expect(entry.path == "http://<REDACTED_USERINFO>@api.aerisapi.com/advisories/x")
        #expect(entry.url?.contains("hunter2pass") == false)
        fixture.server.shutdown()
        #expect(!fixture.reports.all.joined().contains("hunter2pass"), "\(fixture.reports.all)")
        #expect(
            ServeRoute.withoutUserInfo("https://a.example/x?u=me@b.example") == "https://a.example/x?u=me@b.example")
    }

    /// Dot segments are resolved as URLSession resolves them before sending (`/nws/../../x` was
    /// recorded as `https://api.weather.gov/../../x`: an attack run).
    @Test(arguments: [
        ("/nws/../../x", "https://api.weather.gov/x"), ("/nws/a/./b/../c?q=../d", "https://api.weather.gov/a/c?q=../d"),
        ("/nws/a/..", "https://api.weather.gov/"), ("/nws/alerts/active", "https://api.weather.gov/alerts/active"),
        ("/nws/v1.2/x.json", "https://api.weather.gov/v1.2/x.json"),
        ("http://api.weather.gov/a/../b", "http://api.weather.gov/b"),
    ])
    func dotSegmentsAreResolved(target: String, expected: String) {
        let route = ServeRoute.resolve(
            target: target, host: "127.0.0.1:8080", endpoints: Endpoints([.nws]),
            serverBase: "http://127.0.0.1:8080")
        #expect(route == .recorded(url: expected))
    }

    @Test func aCassetteHeaderThatWouldInjectLinesIsNeverSent() {
        let response = HTTPResponse(
            status: 200,
            headers: [
                "X-A\r\nContent-Length: 0\r\nX-B": "v", "X-Value": "a\r\nSet-Cookie: x", "X-Nul": "a\u{0}b",
                "X-Ok": "1",
            ],
            body: Array("hello".utf8))
        let text = String(decoding: ResponseEncoder.encode(response, keepAlive: true), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nX-Ok: 1\r\nContent-Length: 5\r\n\r\nhello")
    }
}
