import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimTesting
import Testing

@Suite struct LoopbackHTTPServerTests {
    @Test func scriptedRepliesComeInOrderThenRunOut() throws {
        let server = try LoopbackHTTPServer(replies: [
            .init(HTTPResponse(status: 200, body: Array("one".utf8))),
            .init(HTTPResponse(status: 503, body: Array("two".utf8))),
        ])
        defer { server.stop() }
        let client = LiveHTTPClient(timeout: .seconds(5))
        let bodies = try (0..<3).map { _ in try client.send(HTTPRequest(url: server.baseURL + "/x")) }.map {
            ($0.status, String(decoding: $0.body, as: UTF8.self))
        }
        #expect(bodies.map(\.0) == [200, 503, 599])
        #expect(bodies.map(\.1) == ["one", "two", "no scripted reply left"])
        #expect(server.requests.count == 3)
    }

    @Test func largeRequestBodiesArriveWhole() throws {
        let server = try LoopbackHTTPServer { request in
            .init(HTTPResponse(status: 200, body: Array("\(request.body.count)".utf8)))
        }
        defer { server.stop() }
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(
            HTTPRequest(method: "PUT", url: server.baseURL + "/big", body: body))
        #expect(response.body == Array("200000".utf8))
        #expect(server.requests.first?.body == body)
    }

    /// The loopback server encodes like `locsim serve`: a header whose value holds CR or LF is not
    /// sent, so a reply cannot smuggle a header line of its own.
    @Test func aHeaderValueWithCRLFIsNotSent() throws {
        let server = try LoopbackHTTPServer(replies: [
            .init(HTTPResponse(status: 200, headers: ["X-Value": "a\r\nSet-Cookie: stolen=1", "X-Kept": "yes"]))
        ])
        defer { server.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/x"))
        #expect(response.status == 200)
        #expect(response.header("X-Kept") == "yes")
        #expect(response.header("Set-Cookie") == nil)
        #expect(response.header("X-Value") == nil)
    }

    @Test func gzipStoredStreamsHaveTheRightTrailer() {
        let wrapped = Gzip.wrapStored(Array("hello".utf8))
        #expect(Array(wrapped.prefix(3)) == [0x1F, 0x8B, 0x08])
        #expect(Gzip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Array(wrapped.suffix(4)) == [5, 0, 0, 0])
    }

    @Test func stopIsIdempotentAndFreesThePort() throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200)) }
        server.stop()
        server.stop()
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
            try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/gone"))
        }
    }
}
