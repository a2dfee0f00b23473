import Foundation
import LocSimHTTPRecording
import Testing

@testable import LocSimServe

/// A token in a request target's fragment (`#access_token=…`, as OAuth implicit redirects carry
/// it) reaches no 404 body, report, log entry or `/__locsim/requests` (issue 34, item 6).
@Suite struct FragmentRedactionTests {
    @Test(arguments: [
        "/aeris/advisories/x#access_token=at-8d7f6e5c4b&state=s",
        "/nowhere/x#access_token=at-8d7f6e5c4b",
        "http://api.aerisapi.com/advisories/x#id_token=at-8d7f6e5c4b",
    ])
    func aFragmentTokenIsRedactedEverywhereServeShowsTheTarget(target: String) throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = try #require(connection.readResponse())
        #expect(answer.status == 404)
        #expect(!answer.body.contains("at-8d7f6e5c4b"), "\(answer.body)")
        let entry = try #require(fixture.server.requests.last)
        #expect(!entry.path.contains("at-8d7f6e5c4b"), "\(entry.path)")
        #expect(entry.url?.contains("at-8d7f6e5c4b") != true)
        connection.send("GET /__locsim/requests HTTP/1.1\r\nHost: x\r\n\r\n")
        let log = try #require(connection.readResponse())
        #expect(!log.body.contains("at-8d7f6e5c4b"), "\(log.body)")
        fixture.server.shutdown()
        #expect(!fixture.reports.all.joined().contains("at-8d7f6e5c4b"), "\(fixture.reports.all)")
    }
}
