import LocSimHTTPRecording
import LocSimScenarioReplay
import LocSimTesting
import Testing

@Suite struct BaseURLRedirectClientTests {
    @Test(arguments: [
        ("https://api.aerisapi.com/advisories/x?a=1", "http://127.0.0.1:8080/advisories/x?a=1"),
        ("https://api.aerisapi.com", "http://127.0.0.1:8080"),
        ("https://api.aerisapi.com.evil/advisories", "https://api.aerisapi.com.evil/advisories"),
        ("https://api.weather.gov/alerts", "https://api.weather.gov/alerts"),
    ])
    func rewritesOnlyURLsUnderTheBase(sent: String, arrived: String) throws {
        let transport = ScriptedHTTPClient([arrived: .json("{}")])
        let client = BaseURLRedirectClient(
            base: transport, redirects: [(from: "https://api.aerisapi.com/", to: "http://127.0.0.1:8080")])
        #expect(try client.send(HTTPRequest(url: sent)).status == 200)
        #expect(transport.requests.map(\.url) == [arrived])
    }
}
