import Foundation
import LocSimHTTPRecording
import LocSimServe
import LocSimSupport
import Testing

/// A server built from plain ``ServiceDeclarations`` (no `ReplayApp`): its endpoints are the
/// routes and its secrets are redacted.
@Suite struct ServiceDeclarationsTests {
    static let aeris = EndpointDeclaration(key: "aeris", defaultBaseURL: "https://api.aerisapi.com")
    static let secret = SecretDeclaration(variable: "AERIS_CLIENT_SECRET", queryParameters: ["client_secret"])

    func server(_ declarations: ServiceDeclarations, in directory: URL) throws -> CassetteServer {
        let cassette = directory.appendingPathComponent("cassette.json").path
        try ServeFixture.cassette().text().write(toFile: cassette, atomically: true, encoding: .utf8)
        let session = try RecordingSession(options: RecordingOptions(cassettePaths: [cassette]))
        return try CassetteServer(app: declarations, session: session)
    }

    @Test func theDeclaredEndpointsAreTheRoutesAndNoOthers() throws {
        let directory = try ServeFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try server(ServiceDeclarations(endpoints: Endpoints([Self.aeris])), in: directory)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET \(CassetteServerTests.aerisPath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answered = try #require(connection.readResponse())
        #expect(answered.status == 200 && answered.body == #"{"answer":1}"#)
        // Parse is recorded in the cassette but not declared here: not a route.
        connection.send("POST /parse/1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        let missed = try #require(connection.readResponse())
        #expect(missed.status == 404)
        #expect(server.requests.map(\.outcome) == [.replayed, .miss])
        #expect(server.requests.last?.url == nil)
    }

    @Test(arguments: [true, false])
    func theDeclaredSecretsAreRedactedInTheLog(declared: Bool) throws {
        let directory = try ServeFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let declarations = ServiceDeclarations(
            endpoints: Endpoints([Self.aeris]), secrets: declared ? [Self.secret] : [])
        let server = try server(declarations, in: directory)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET \(CassetteServerTests.aerisPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        _ = try #require(connection.readResponse())
        let path = try #require(server.requests.first?.path)
        #expect(path.contains("client_secret=<AERIS_CLIENT_SECRET>") == declared)
        // Undeclared, the generic rule still hides it, under a generic placeholder.
        #expect(!path.contains("client_secret=secret"), "\(path)")
    }
}
