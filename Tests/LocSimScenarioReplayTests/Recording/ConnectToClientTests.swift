import LocSimHTTPRecording
import LocSimScenarioReplay
import LocSimSupport
import Testing

@Suite struct ConnectToClientTests {
    final class Spy: HTTPClient {
        let urls = Locked<[String]>([])
        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
            urls.withLock { $0.append(request.url) }
            return HTTPResponse(status: 200)
        }
    }

    @Test func routesOnlyTheNamedHostsKeepingPathAndQuery() throws {
        let spy = Spy()
        let client = ConnectToClient(base: spy, routes: ["API.aerisapi.com": "127.0.0.1:8080"])
        _ = try client.send(HTTPRequest(url: "https://api.aerisapi.com/advisories/franklin,la,us?client_id=x"))
        _ = try client.send(HTTPRequest(url: "https://api.aerisapi.com:443?q=1"))
        _ = try client.send(HTTPRequest(url: "https://api.weather.gov/alerts/active?point=1,2"))
        #expect(
            spy.urls.withLock { $0 } == [
                "http://127.0.0.1:8080/advisories/franklin,la,us?client_id=x", "http://127.0.0.1:8080?q=1",
                "https://api.weather.gov/alerts/active?point=1,2",
            ])
    }

    @Test(arguments: [
        ("api.aerisapi.com=127.0.0.1:8080", true), ("h=localhost:1", true), ("api.aerisapi.com", false),
        ("=127.0.0.1:80", false), ("h=127.0.0.1", false), ("h=127.0.0.1:0", false), ("h=http://127.0.0.1:80", false),
        ("h:80=127.0.0.1:80", false),
    ])
    func routeArguments(argument: String, valid: Bool) {
        #expect((ConnectToClient.route(argument: argument) != nil) == valid)
    }
}
