import LocSimHTTPRecording
import LocSimSupport
import Testing

@Suite struct DeferredHTTPClientTests {
    @Test func theClientIsMadeOnTheFirstRequestOnlyAndThenReused() throws {
        let makes = Locked(0)
        let spy = SpyHTTPClient { request in HTTPResponse(status: request.url.hasSuffix("/a") ? 200 : 404) }
        let deferred = DeferredHTTPClient {
            makes.withLock { $0 += 1 }
            return spy
        }
        #expect(makes.withLock { $0 } == 0)
        #expect(!deferred.isMade)

        #expect(try deferred.send(HTTPRequest(url: "http://127.0.0.1:9/a")).status == 200)
        #expect(try deferred.send(HTTPRequest(url: "http://127.0.0.1:9/b")).status == 404)
        #expect(makes.withLock { $0 } == 1)
        #expect(deferred.isMade)
        #expect(spy.requests.map(\.url) == ["http://127.0.0.1:9/a", "http://127.0.0.1:9/b"])
    }

    @Test func transportErrorsPassThrough() {
        struct Failing: HTTPClient {
            func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
                throw .unreachable("127.0.0.1: connection refused")
            }
        }
        let deferred = DeferredHTTPClient { Failing() }
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
            try deferred.send(HTTPRequest(url: "http://127.0.0.1:9/"))
        }
    }
}
