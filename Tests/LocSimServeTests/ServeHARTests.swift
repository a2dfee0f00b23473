import Foundation
import LocSimHTTPRecording
import LocSimReplay
import Testing

@testable import LocSimServe

/// `locsim serve --cassette capture.har`: the server answers from a HAR, read by the same importer.
@Suite struct ServeHARTests {
    @Test func aHARAnswersInCaptureOrder() throws {
        let directory = try ServeFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("capture.har").path
        try HARWriter.text(ServeFixture.cassette(), creatorVersion: "test").write(
            toFile: har, atomically: true, encoding: .utf8)
        let session = try RecordingSession(
            options: RecordingOptions(cassettePaths: [har], secrets: ReplayApp().secrets))
        let server = try CassetteServer(
            app: ReplayApp(), session: session, options: ServeOptions(report: { _ in }), engine: .eventLoops)
        defer { server.shutdown() }
        let connection = try RawConnection(port: server.port)
        let path = "/aeris/advisories/franklin,la,us?client_id=id&client_secret=secret"
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = try #require(connection.readResponse())
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let second = try #require(connection.readResponse())
        #expect(first.status == 200 && first.body == #"{"answer":1}"#)
        #expect(second.status == 200 && second.body == #"{"answer":2}"#)
        #expect(first.headers["content-type"] == "application/json")
    }
}
