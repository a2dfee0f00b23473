import Foundation
import LocSimHTTPRecording
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one `HTTPRequest` → `URLRequest` builder the live transport and `LocSimURLProtocol`'s
/// client share.
@Suite struct HTTPRequestURLRequestTests {
    @Test func aRequestRoundTripsThroughURLRequest() throws {
        let request = HTTPRequest(
            method: "POST", url: "http://127.0.0.1:9/3/device/abc?x=1",
            headers: ["apns-topic": "com.example.app", "content-type": "application/json"], body: Array("{}".utf8))
        let urlRequest = try #require(request.urlRequest(timeout: 7))
        #expect(urlRequest.timeoutInterval == 7)
        #expect(urlRequest.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(urlRequest.httpBody == Data("{}".utf8))
        let back = HTTPRequest(urlRequest)
        #expect(back.method == "POST" && back.url == request.url && back.body == request.body)
        // Header names may come back canonicalised ("Apns-Topic"); the values by name do not change.
        for (name, value) in request.headers { #expect(urlRequest.value(forHTTPHeaderField: name) == value) }
        #expect(back.headers.count == 2)
    }

    @Test func anEmptyBodyIsNoBody() throws {
        let request = HTTPRequest(method: "GET", url: "http://127.0.0.1:9/alerts", headers: [:], body: [])
        let urlRequest = try #require(request.urlRequest(timeout: 30))
        #expect(urlRequest.httpBody == nil)
        #expect(urlRequest.httpMethod == "GET")
    }

    @Test func aURLThatIsNoURLGivesNoRequest() {
        let request = HTTPRequest(method: "GET", url: "http://[not a host", headers: [:], body: [])
        #expect(request.urlRequest(timeout: 30) == nil)
    }
}
