import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct OneCallWeatherTests {
    static let phoenix = WeatherPlace(
        city: "Phoenix", state: "AZ", country: "United States", isoCountryCode: "US", latitude: 33.4484,
        longitude: -112.074)

    static func answer(pops: [String], alerts: String? = nil) -> String {
        let hourly = pops.enumerated().map { #"{"dt":\#(1_720_634_400 + 3600 * $0.offset),"pop":\#($0.element)}"# }
        let alertsMember = alerts.map { #","alerts":\#($0)"# } ?? ""
        return
            #"{"lat":33.4484,"lon":-112.074,"timezone":"America/Phoenix","hourly":[\#(hourly.joined(separator: ","))]\#(alertsMember)}"#
    }

    @Test func requestAsksOneCall3WithoutCurrentMinutelyAndDaily() {
        let adapter = OneCallWeather(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(
            adapter.request(for: Self.phoenix)?.url
                == "https://api.openweathermap.org/data/3.0/onecall?lat=33.4484&lon=-112.074&exclude=current,minutely,daily&appid=%3COWM_APPID%3E"
        )
    }

    @Test func alertsMapToAdvisoryKeys() throws {
        let alerts = #"""
            [{"sender_name":"NWS Phoenix","event":"Excessive Heat Warning","start":1720630800,"end":1720753200,
              "description":"Dangerously hot.","tags":["Extreme temperature value","Heat"]}]
            """#
        let report = try OneCallWeather.parse(jsonResponse(Self.answer(pops: ["0"], alerts: alerts)))
        let info = try #require(report.alerts.first).userInfo(location: "Phoenix, AZ")
        #expect(info["name"] == "Excessive Heat Warning")
        #expect(info["body"] == "Dangerously hot.")
        #expect(info["senderName"] == "NWS Phoenix")
        #expect(info["start"] == "2024-07-10T17:00:00Z")
        #expect(info["expires"] == "2024-07-12T03:00:00Z")
        #expect(info["tags"] == "Extreme temperature value, Heat")
        #expect(info["provider"] == "owm-onecall")
    }

    /// The window is the first 18 hourly entries: the seed's six 3-hour `/forecast` slots.
    @Test func umbrellaReadsTheFirst18Hours() throws {
        let pops = Array(repeating: "0.1", count: 17) + ["0.305"] + ["0.9", "0.9"]
        let report = try OneCallWeather.parse(jsonResponse(Self.answer(pops: pops)))
        #expect(OneCallWeather.hourlyWindow == 18)
        #expect(report.umbrella == UmbrellaRule(maxPop: 31))
        #expect(report.alerts.isEmpty)
        let none = try OneCallWeather.parse(jsonResponse(#"{"lat":1,"lon":2,"alerts":[]}"#))
        #expect(none.umbrella == nil)
    }

    @Test(arguments: [
        (#"{"cod":401,"message":"Invalid API key."}"#, 401, "401"),
        (#"{"cod":"400","message":"wrong latitude","parameters":["lat"]}"#, 400, "400"),
        (#"{"cod":429,"message":"Your account is temporary blocked."}"#, 429, "429"),
        (#"{"lat":33.4,"lon":-112.0,"hourly":[{"dt":1,"po"#, 200, "bad_json"),
        (#"{"timezone":"UTC"}"#, 200, "bad_shape"),
    ])
    func failuresAreProviderErrors(body: String, status: Int, code: String) {
        #expect {
            try OneCallWeather.parse(jsonResponse(body, status: status))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "owm-onecall"
        }
    }
}
