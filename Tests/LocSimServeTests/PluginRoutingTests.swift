import Foundation
import LocSimAppServices
import LocSimHTTPRecording
import LocSimPush
import LocSimReplay
import LocSimSupport
import Testing

@testable import LocSimServe

/// A user's push sink registered on the app: `serve` routes its endpoint key and redacts its secret.
private struct PagerSinkPlugin: PushSinkPlugin {
    struct Sink: PushSink {
        func send(
            _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
        ) -> ProviderFailure? { nil }
    }

    var name: PushSinkName { "pager" }
    var help: String { "Page someone." }
    var endpoint: EndpointDeclaration { EndpointDeclaration(key: "pager", defaultBaseURL: "https://pager.test") }
    var secrets: [SecretDeclaration] { [SecretDeclaration(variable: "PAGER_TOKEN", queryParameters: ["token"])] }

    func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink { Sink() }
}

@Suite struct PluginRoutingTests {
    static let secret = "pagerSecretValue77"

    @Test func aRegisteredSinksKeyIsRoutedAndItsSecretRedacted() throws {
        var app = ReplayApp()
        try app.pushSinks.register(PagerSinkPlugin())
        let cassette = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(method: "POST", url: "https://pager.test/page"),
                response: HTTPResponse(
                    status: 202, headers: ["Content-Type": "application/json"], body: Array(#"{"paged":true}"#.utf8)),
                recordedAt: "2024-06-01T00:00:00Z")
        ])
        let fixture = try ServeFixture(
            environment: ["PAGER_TOKEN": Self.secret], cassette: cassette, app: app)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("POST /pager/page HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        let answer = try #require(connection.readResponse())
        #expect(answer.status == 202)
        #expect(answer.body.contains(#""paged":true"#))

        connection.send("GET /pager/other?token=\(Self.secret) HTTP/1.1\r\nHost: x\r\n\r\n")
        let miss = try #require(connection.readResponse())
        #expect(miss.status == 404)
        #expect(miss.body.contains("https://pager.test/other"), "miss body: \(miss.body)")
        #expect(!miss.body.contains(Self.secret), "miss body: \(miss.body)")
        #expect(miss.body.contains("<PAGER_TOKEN>"), "miss body: \(miss.body)")
    }

    /// Without the registration the key is not routed: the test above proves the app's, not a default.
    @Test func theBuiltInAppDoesNotKnowTheKey() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET /pager/page HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let miss = try #require(connection.readResponse())
        #expect(miss.status == 404)
        #expect(miss.body.contains("names no endpoint"), "miss body: \(miss.body)")
    }
}
