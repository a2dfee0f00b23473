import LocSimHTTPRecording
import LocSimTesting
import Testing

/// A session that would go live without being given a transport fails each such request with
/// the fix, and nothing reaches the network (the live client is in LocSimLiveHTTP).
@Suite struct NoLiveTransportTests {
    @Test(arguments: [RecordMode.newEpisodes, .all])
    func recordingWithoutATransportReachesNoServer(mode: RecordMode) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try LoopbackHTTPServer(replies: [.init(HTTPResponse(status: 200, body: Array("ok".utf8)))])
        defer { server.stop() }
        let session = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: directory.file("c.json"), mode: mode, environment: [:]))
        #expect(throws: HTTPClientError.unreachable(Self.message)) {
            try session.client.send(HTTPRequest(url: server.baseURL + "/alerts"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func liveWithoutRecordingReachesNoServer() throws {
        let server = try LoopbackHTTPServer(replies: [.init(HTTPResponse(status: 200, body: Array("ok".utf8)))])
        defer { server.stop() }
        let session = try RecordingSession(options: RecordingOptions(live: true, environment: [:]))
        #expect(throws: HTTPClientError.unreachable(Self.message)) {
            try session.client.send(HTTPRequest(url: server.baseURL + "/alerts"))
        }
        #expect(server.requests.isEmpty)
    }

    static let message =
        "127.0.0.1: no live transport (pass one to RecordingSession(options:liveTransport:), such as LocSimLiveHTTP's LiveHTTPClient)"
}
