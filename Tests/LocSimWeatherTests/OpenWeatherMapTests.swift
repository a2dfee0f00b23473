import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct OpenWeatherMapTests {
    static let osaka = WeatherPlace(
        city: "Osaka", state: "Osaka", country: "Japan", isoCountryCode: "JP", latitude: 34.693738,
        longitude: 135.502165)
    static let forecastURL =
        "https://api.openweathermap.org/data/2.5/forecast?lat=34.6937&lon=135.5022&cnt=6&appid=%3COWM_APPID%3E"
    static let currentURL =
        "https://api.openweathermap.org/data/2.5/weather?lat=34.6937&lon=135.5022&appid=%3COWM_APPID%3E"

    @Test func requests() {
        let adapter = OpenWeatherMap(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(adapter.forecastRequest(for: Self.osaka)?.url == Self.forecastURL)
        #expect(adapter.currentRequest(for: Self.osaka)?.url == Self.currentURL)
        let imperial = OpenWeatherMap(
            client: ScriptedHTTPClient(), baseURL: "http://127.0.0.1:9/data/2.5",
            credentials: Credentials.builtIn(environment: ["OWM_APPID": "k1"]), units: "imperial")
        #expect(
            imperial.currentRequest(for: Self.osaka)?.url
                == "http://127.0.0.1:9/data/2.5/weather?lat=34.6937&lon=135.5022&units=imperial&appid=k1")
    }

    @Test func osakaRainNeedsAnUmbrella() throws {
        let client = ScriptedHTTPClient([Self.forecastURL: .json(OWMBodies.osakaRainForecast)])
        let rule = try OpenWeatherMap(client: client, credentials: .placeholders).umbrella(for: Self.osaka)
        #expect(rule == UmbrellaRule(maxPop: 78))
        #expect(rule.judgement == "I need an umbrella")
    }

    @Test(arguments: [
        (["0.1", "0.3", "0"], 30, "No umbrella required"),
        (["0.31", "0.2"], 31, "Peace of mind if you have a folding umbrella"),
        (["0.69"], 69, "Peace of mind if you have a folding umbrella"),
        (["0.2", "0.7"], 70, "I need an umbrella"),
        (["0.305"], 31, "Peace of mind if you have a folding umbrella"),
        (["0.295"], 30, "No umbrella required"),
        (["0", "0", "0", "0", "0", "0", "1"], 0, "No umbrella required"),
    ])
    func umbrellaThresholds(pops: [String], maxPop: Int, judgement: String) throws {
        let rule = try OpenWeatherMap.parseUmbrella(jsonResponse(OWMBodies.forecast(pops: pops)))
        #expect(rule.maxPop == maxPop)
        #expect(rule.judgement == judgement)
    }

    @Test func currentConditionsKeepLiterals() throws {
        let client = ScriptedHTTPClient([Self.currentURL: .json(OWMBodies.osakaCurrent)])
        let conditions = try OpenWeatherMap(client: client, credentials: .placeholders).currentConditions(
            for: Self.osaka)
        #expect(
            conditions.userInfo(location: "Osaka, Japan") == [
                "location": "Osaka, Japan", "provider": "owm-conditions", "kind": "current", "condition": "Rain",
                "description": "moderate rain", "temperature": "299.15", "high": "300.37", "low": "298.71",
                "humidity": "83", "wind": "4.12", "windDirection": "200", "icon": "10d", "units": "kelvin",
                "reportedLocation": "Osaka",
            ])
    }

    @Test func forecastConditionsPerSlot() throws {
        let slots = try OpenWeatherMap.parseForecastConditions(
            jsonResponse(OWMBodies.osakaRainForecast), units: "metric")
        #expect(slots.count == 6)
        #expect(slots[2].condition == "Rain")
        #expect(slots[2].time == "2024-09-11 15:00:00")
        #expect(slots[2].temperature == "299.2")
        #expect(slots[0].units == "celsius")
        #expect(slots.allSatisfy { $0.kind == "forecast" })
    }

    @Test(arguments: [
        (
            OWMBodies.invalidKey, 401, "401",
            "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."
        ),
        (OWMBodies.cityNotFound, 404, "404", "city not found"),
        (
            OWMBodies.rateLimited, 429, "429",
            "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"
        ),
        (
            OWMBodies.invalidKey, 200, "401",
            "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."
        ),
    ])
    func codDecides(body: String, status: Int, code: String, message: String) {
        let expected = ProviderFailure(provider: "owm-umbrella", code: code, message: message)
        #expect(throws: expected) { try OpenWeatherMap.parseUmbrella(jsonResponse(body, status: status)) }
        var conditionsFailure = expected
        conditionsFailure.provider = "owm-conditions"
        #expect(throws: conditionsFailure) {
            try OpenWeatherMap.parseCurrentConditions(jsonResponse(body, status: status), units: nil)
        }
    }

    @Test func codAsStringOrNumberBothMeanSuccess() throws {
        let numeric = OWMBodies.forecast(pops: ["0.5"]).replacing(#""cod":"200""#, with: #""cod":200"#)
        #expect(try OpenWeatherMap.parseUmbrella(jsonResponse(numeric)).maxPop == 50)
        #expect(try OpenWeatherMap.parseUmbrella(jsonResponse(OWMBodies.forecast(pops: ["0.5"]))).maxPop == 50)
    }

    @Test(arguments: [
        (htmlErrorPage, 500, "http_500"), (htmlErrorPage, 200, "bad_json"),
        (String(OWMBodies.osakaRainForecast.prefix(300)), 200, "bad_json"),
        (#"{"cod":"200","list":"none"}"#, 200, "bad_shape"), (#"{"cod":"200","list":[{"dt":1}]}"#, 200, "bad_shape"),
        (#"{"message":"upstream timeout"}"#, 504, "http_504"), ("[]", 200, "bad_shape"),
    ])
    func malformedForecasts(body: String, status: Int, code: String) {
        #expect {
            try OpenWeatherMap.parseUmbrella(jsonResponse(body, status: status))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "owm-umbrella"
        }
    }

    @Test func currentWithoutWeatherIsBadShape() {
        #expect {
            try OpenWeatherMap.parseCurrentConditions(jsonResponse(#"{"cod":200,"main":{"temp":1}}"#), units: nil)
        } throws: { error in
            (error as? ProviderFailure)?.code == "bad_shape"
        }
    }

    @Test func appIDNeverInMessages() {
        let credentials = Credentials.builtIn(environment: ["OWM_APPID": "0123456789abcdef"])
        let url =
            "https://api.openweathermap.org/data/2.5/forecast?lat=34.6937&lon=135.5022&cnt=6&appid=0123456789abcdef"
        let client = ScriptedHTTPClient([url: .failure(.timedOut("GET \(url) after 30 s"))])
        #expect {
            try OpenWeatherMap(client: client, credentials: credentials).umbrella(for: Self.osaka)
        } throws: { error in
            guard let failure = error as? ProviderFailure else { return false }
            return failure.code == "timed_out" && !failure.message.contains("0123456789abcdef")
        }
    }
}
