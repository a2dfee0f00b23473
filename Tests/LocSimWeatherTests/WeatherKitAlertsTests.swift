import LocSimAppServices
import LocSimHTTPRecording
import LocSimSimulation
import LocSimTesting
import Testing

@testable import LocSimWeather

struct WeatherKitAlertsTests {
    static let houston = WeatherPlace(
        city: "Houston", state: "TX", country: "United States", isoCountryCode: "US", latitude: 29.7604,
        longitude: -95.3698)
    static let flood = #"""
        {"weatherAlerts":{"name":"WeatherAlertCollection","alerts":[
          {"name":"WeatherAlertSummary","id":"3b1f","areaName":"Harris County","certainty":"likely","description":"Flood Warning",
           "detailsUrl":"https://weatherkit.apple.com/alertDetails/index.html?ids=3b1f","expireTime":"2024-05-14T23:00:00Z",
           "severity":"severe","source":"National Weather Service","urgency":"expected"},
          {"name":"WeatherAlertSummary","id":"4c2a","description":"Heat Advisory","severity":"catastrophic","urgency":"soon"}]}}
        """#

    @Test func requestCarriesTheCountryAndTheBearerToken() throws {
        let credentials = Credentials(
            declarations: [WeatherKitAlerts.token], environment: ["WEATHERKIT_TOKEN": "eyJraWQi.jwt"])
        let adapter = WeatherKitAlerts(client: ScriptedHTTPClient(), credentials: credentials)
        let request = try #require(adapter.request(for: Self.houston))
        #expect(
            request.url
                == "https://weatherkit.apple.com/api/v1/weather/en/29.7604/-95.3698?dataSets=weatherAlerts&country=US")
        #expect(request.header("Authorization") == "Bearer eyJraWQi.jwt")
        var noCountry = Self.houston
        noCountry.isoCountryCode = ""
        #expect(adapter.request(for: noCountry) == nil)
    }

    @Test func summariesMapToAdvisoryKeysAndUnknownValuesAreKept() throws {
        let alerts = try #require(try WeatherKitAlerts.parse(jsonResponse(Self.flood)))
        #expect(alerts.map(\.name) == ["Flood Warning", "Heat Advisory"])
        let info = alerts[0].userInfo(location: "Houston, TX")
        #expect(info["body"] == "Flood Warning for Harris County")
        #expect(info["severity"] == "severe")
        #expect(info["certainty"] == "likely")
        #expect(info["urgency"] == "expected")
        #expect(info["source"] == "National Weather Service")
        #expect(info["detailsUrl"] == "https://weatherkit.apple.com/alertDetails/index.html?ids=3b1f")
        #expect(info["areaName"] == "Harris County")
        #expect(info["expires"] == "2024-05-14T23:00:00Z")
        #expect(info["id"] == "3b1f")
        #expect(alerts[1].severity == "catastrophic")
        // An unknown severity ranks below every known one.
        #expect(AdvisorySelection.mostSevere.select(alerts.reversed()).map(\.id) == ["3b1f"])
    }

    @Test func aMissingDataSetIsNoCoverage() throws {
        #expect(try WeatherKitAlerts.parse(jsonResponse("{}")) == nil)
        #expect(try WeatherKitAlerts.parse(jsonResponse(#"{"weatherAlerts":{"name":"WeatherAlertCollection"}}"#)) == [])
    }

    @Test func providerPostsNoAdvisoryWithAReason() async throws {
        let url = "https://weatherkit.apple.com/api/v1/weather/en/29.7604/-95.3698?dataSets=weatherAlerts&country=US"
        let bus = NotificationBus()
        let context = ServiceContext(
            bus: bus, http: ScriptedHTTPClient([url: .json("{}")]),
            endpoints: Endpoints([WeatherKitAlerts.endpoint]))
        let events = try await WeatherKitProvider().events(for: Self.houston, context: context)
        #expect(events == [.noAdvisory(reason: "no_coverage")])
    }

    @Test(arguments: [
        (#"{"reason":"NOT_ENABLED"}"#, 401, "NOT_ENABLED"),
        ("", 401, "http_401"),
        (#"{"weatherAlerts":{"name":"WeatherAlertCollection","alerts":[{"id":"x","descr"#, 200, "bad_json"),
        (#"{"weatherAlerts":{"alerts":"none"}}"#, 200, "bad_shape"),
        (#"[1,2]"#, 200, "bad_shape"),
    ])
    func failuresAreProviderErrors(body: String, status: Int, code: String) {
        #expect {
            try WeatherKitAlerts.parse(jsonResponse(body, status: status))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "weatherkit"
        }
    }
}
