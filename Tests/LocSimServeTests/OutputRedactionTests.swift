import Foundation
import Testing

@testable import LocSimServe

/// Issue 24 item 2 (serve's half): a secret in any spelling the redactor knows (here base64 in a
/// query parameter no declaration names) is redacted in every output of the server.
@Suite struct OutputRedactionTests {
    static let secret = "aerisSecretValue12"
    static let encoded = Data(secret.utf8).base64EncodedString()

    @Test func aBase64CredentialInAQueryIsRedactedEverywhere() throws {
        #expect(Self.encoded == "YWVyaXNTZWNyZXRWYWx1ZTEy")
        let jsonLog = ServeFixture.Lines()
        let fixture = try ServeFixture(environment: ["AERIS_CLIENT_SECRET": Self.secret], jsonLog: jsonLog)
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(
            "GET /aeris/advisories/houma,la,us?client_id=app&b=\(Self.encoded) HTTP/1.1\r\nHost: x\r\n\r\n")
        let miss = try #require(connection.readResponse())
        #expect(miss.status == 404)
        #expect(!miss.body.contains(Self.encoded), "miss body: \(miss.body)")
        #expect(miss.body.contains("<AERIS_CLIENT_SECRET>"), "miss body: \(miss.body)")

        connection.send("GET /__locsim/requests HTTP/1.1\r\nHost: x\r\n\r\n")
        let requests = try #require(connection.readResponse()?.body)
        #expect(!requests.contains(Self.encoded), "/__locsim/requests: \(requests)")
        #expect(requests.contains("b=<AERIS_CLIENT_SECRET>"), "/__locsim/requests: \(requests)")

        fixture.server.shutdown()
        let logged = jsonLog.all.joined(separator: "\n")
        #expect(logged.contains("b=<AERIS_CLIENT_SECRET>"), "--log: \(logged)")
        #expect(!logged.contains(Self.encoded), "--log: \(logged)")
        let reported = fixture.reports.all.joined(separator: "\n")
        #expect(!reported.isEmpty)
        #expect(!reported.contains(Self.encoded), "stderr: \(reported)")
    }
}
