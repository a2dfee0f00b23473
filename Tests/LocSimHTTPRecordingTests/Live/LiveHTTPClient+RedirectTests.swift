import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimLiveHTTP

/// Redirects stay within the request's origin: libcurl followed any `Location` with every header
/// of the request, a provider's key included (found by an attack run).
@Suite struct LiveHTTPClientRedirectTests {
    static let secretHeaders = ["X-Api-Key": "topSecretApiKey12345", "User-Agent": "(app, me@example.net)"]

    /// A server that must receive nothing, and the 3xx that sends the client to it.
    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherPortIsTheResponseAndTheOtherServerGetsNothing(status: Int) throws {
        let other = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200, body: Array("internal".utf8))) }
        defer { other.stop() }
        let location = other.baseURL + "/internal?k=1"
        let provider = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: status, headers: ["Location": location], body: Array("moved".utf8)))
        }
        defer { provider.stop() }
        let response = try LiveHTTPClient(timeout: .seconds(5)).send(
            HTTPRequest(
                method: "POST", url: provider.baseURL + "/alerts", headers: Self.secretHeaders, body: Array("{}".utf8)))
        #expect(response.status == status)
        #expect(response.header("Location") == location)
        #expect(response.body == Array("moved".utf8))
        #expect(provider.requests.count == 1)
        #expect(other.requests.isEmpty, "the redirect was followed to another origin")
    }

    /// Same host and port, another scheme: another origin (libcurl tried TLS with a plain server).
    @Test func aRedirectToHTTPSOnTheSamePortIsTheResponse() async throws {
        let server = try LoopbackHTTPServer { request in
            .init(HTTPResponse(status: 301, headers: ["Location": request.url.replacing("http://", with: "https://")]))
        }
        defer { server.stop() }
        let response = try await LiveHTTPClient(timeout: .seconds(5)).response(
            for: HTTPRequest(url: server.baseURL + "/alerts", headers: Self.secretHeaders))
        #expect(response.status == 301)
        #expect(server.requests.count == 1)
    }

    /// An absolute `Location` whose scheme is spelled in capitals is still the same origin; a
    /// 303 makes the `POST` a `GET` without its body or the headers describing it, the request's
    /// other headers kept; a 307 keeps method, body and headers.
    @Test func sameOriginRedirectsAreFollowedWithCurlsMethodRules() throws {
        let server = try LoopbackHTTPServer { request in
            let path = request.url.split(separator: "/").last ?? ""
            switch path {
            case "see-other": return .init(HTTPResponse(status: 303, headers: ["Location": "/result"]))
            case "temporary":
                let port = request.url.split(separator: ":").last?.prefix { $0.isNumber } ?? ""
                return .init(HTTPResponse(status: 307, headers: ["Location": "HTTP://127.0.0.1:\(port)/kept"]))
            default: return .init(HTTPResponse(status: 200, body: Array("final \(path)".utf8)))
            }
        }
        defer { server.stop() }
        let client = LiveHTTPClient(timeout: .seconds(5))
        var headers = Self.secretHeaders
        headers["Content-Type"] = "application/json"
        for (path, final) in [("see-other", "result"), ("temporary", "kept")] {
            let response = try client.send(
                HTTPRequest(method: "POST", url: server.baseURL + "/\(path)", headers: headers, body: Array("{}".utf8)))
            #expect(response.status == 200)
            #expect(response.body == Array("final \(final)".utf8))
        }
        let received = server.requests
        #expect(received.map(\.url) == ["see-other", "result", "temporary", "kept"].map { server.baseURL + "/" + $0 })
        #expect(received.map(\.method) == ["POST", "GET", "POST", "POST"])
        #expect(received.map(\.body.count) == [2, 0, 2, 2])
        #expect(
            received.map { $0.header("Content-Type") } == [
                "application/json", nil, "application/json", "application/json",
            ])
        #expect(received.allSatisfy { $0.header("X-Api-Key") == "topSecretApiKey12345" })
    }

    @Test func aRedirectLoopEndsAfterTenHopsNamingTheHost() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 302, headers: ["Location": "/loop?key=secret"]))
        }
        defer { server.stop() }
        #expect(throws: HTTPClientError.unreachable("127.0.0.1: more than 10 redirects")) {
            try LiveHTTPClient(timeout: .seconds(5)).send(HTTPRequest(url: server.baseURL + "/start?key=secret"))
        }
        #expect(server.requests.count == 11)
    }

    /// Four hops of 0.4 s each against a 1 s deadline: the deadline covers them all.
    @Test func theDeadlineCoversEveryHop() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 302, headers: ["Location": "/next"]), delay: .seconds(0.4))
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut("127.0.0.1: no complete response within 1.0 s")) {
            try LiveHTTPClient(timeout: .seconds(1)).send(HTTPRequest(url: server.baseURL + "/first"))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(server.requests.count <= 3)
    }

    @Test func originsCompareSchemeAndHostWithoutCaseAndDefaultPorts() {
        typealias Origin = SameOriginRedirects.Origin
        #expect(Origin("https://API.weather.gov/points/1,2") == Origin("HTTPS://api.weather.gov:443/gridpoints"))
        #expect(Origin("http://a.example/x") == Origin("http://a.example:80"))
        #expect(Origin("http://a.example/x") != Origin("https://a.example/x"))
        #expect(Origin("http://a.example/x") != Origin("http://a.example:8080/x"))
        #expect(Origin("http://a.example/x") != Origin("http://b.example/x"))
        #expect(Origin("http://a.example@b.example/x") == Origin("http://b.example/"))
        #expect(Origin("ftp://a.example/x") == nil)
        #expect(Origin("/relative") == nil)
        // Foundation's reading, the one the Apple engine's delegate compares.
        #expect(Origin(URL(string: "HTTPS://Api.Weather.gov/points/1,2")) == Origin("https://api.weather.gov:443/x"))
        #expect(Origin(URL(string: "http://127.0.0.1:8080/x")) != Origin("http://127.0.0.1:8081/x"))
        #expect(Origin(nil as URL?) == nil)
    }

    /// The followed request goes to the original's scheme and authority as written, whatever
    /// the target spells; a fragment is not sent.
    @Test func aFollowedRequestKeepsTheOriginalAuthority() throws {
        let request = HTTPRequest(url: "http://user@A.example/old?x=1", headers: ["X-Api-Key": "k"])
        let next = try #require(
            SameOriginRedirects.request(
                following: HTTPResponse(status: 301), to: request, target: "http://a.EXAMPLE:80/new?y=2#part"))
        #expect(next.url == "http://user@A.example/new?y=2")
        #expect(next.headers == ["X-Api-Key": "k"])
        #expect(
            SameOriginRedirects.request(following: HTTPResponse(status: 304), to: request, target: "http://A.example/")
                == nil)
        #expect(SameOriginRedirects.request(following: HTTPResponse(status: 302), to: request, target: nil) == nil)
    }
}
