import LocSimHTTPRecording
import LocSimTesting
import Testing

/// The tests' loopback server reads request heads with `locsim serve`'s reader
/// (`HTTPRequestHead`): what serve refuses, it refuses with the same status and reason.
@Suite struct LoopbackRequestHeadTests {
    @Test(
        arguments: [
            ("GET /x HTTP/1.1\r\nHost: x\rX-A: 1\r\n\r\n", 400, "a bare CR"),
            ("GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "more than one Host"),
            ("GET /x HTTP/1.1\r\nX-A: 1\r\n\r\n", 400, "without Host"),
            ("GET /x HTTP/1.1\r\nHost: x\r\n X-A: 1\r\n\r\n", 400, "not a token (or is folded)"),
            ("POST /x HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "HTTP/1.0"),
            ("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 2\r\n\r\n", 400, "Content-Length"),
            ("GET /x HTTP/2.0\r\nHost: x\r\n\r\n", 505, "not HTTP/2.0"),
        ])
    func isRefusedLikeServe(request: String, status: Int, reason: String) throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200)) }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, timeoutSeconds: 3)
        connection.send(request)
        let response = connection.readResponse()
        #expect(response?.status == status)
        #expect(response?.body.contains(reason) == true, "\(response?.body ?? "no answer")")
        #expect(server.requests.isEmpty)
    }

    @Test func aWellFormedHeadIsRecordedWithItsHeadersFolded() throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 204)) }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, timeoutSeconds: 3)
        connection.send("PUT /a?b=1 HTTP/1.1\r\nHost: x\r\nX-A: 1\r\nX-A:  2 \r\nContent-Length: 3\r\n\r\nabc")
        #expect(connection.readResponse()?.status == 204)
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT")
        #expect(request.url == server.baseURL + "/a?b=1")
        #expect(request.headers["X-A"] == "1, 2")
        #expect(request.body == Array("abc".utf8))
    }
}
