import Foundation
import LocSimAppServices
import LocSimHTTPRecording
import LocSimSimulation
import LocSimTesting
import Testing

@testable import LocSimWeather

/// `owm-forecast` (issue 38): the iOS 7 case study's three OpenWeatherMap 2.5 requests, their
/// answers as `CONDITIONS_AVAILABLE`, and each bad answer a `provider_error` naming the field.
struct OpenWeatherMapForecastTests {
    static let cupertino = WeatherPlace(
        city: "Cupertino", state: "CA", country: "United States", isoCountryCode: "US", latitude: 37.3318,
        longitude: -122.0312)
    static let base = "https://api.openweathermap.org/data/2.5"
    static let currentURL = base + "/weather?lat=37.3318&lon=-122.0312&units=imperial&appid=%3COWM_APPID%3E"
    static let hourlyURL = base + "/forecast?lat=37.3318&lon=-122.0312&units=imperial&cnt=12&appid=%3COWM_APPID%3E"
    static let dailyURL = base + "/forecast/daily?lat=37.3318&lon=-122.0312&units=imperial&cnt=7&appid=%3COWM_APPID%3E"

    /// `/weather` in the documented shape (the Zocca example's members), imperial.
    static func current(temp: String = "58.6") -> String {
        #"""
        {"coord":{"lon":-122.0312,"lat":37.3318},"weather":[{"id":801,"main":"Clouds","description":"few clouds","icon":"02d"}],
         "base":"stations","main":{"temp":\#(temp),"feels_like":57.4,"temp_min":55.9,"temp_max":61.3,"pressure":1016,"humidity":71},
         "wind":{"speed":5.75,"deg":320},"dt":1714572000,"name":"Cupertino","cod":200}
        """#
    }

    /// A 3-hour `/forecast` slot (`list[]` of the documented shape).
    static func hourlySlot(_ index: Int, temp: String? = nil, weather: Bool = true) -> String {
        let weatherMember =
            weather ? #","weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}]"# : ""
        let temperature = temp ?? "6\(index % 10).2"
        return
            #"{"dt":\#(1_714_575_600 + 10800 * index),"main":{"temp":\#(temperature),"temp_min":55.1,"temp_max":63.4,"humidity":60}\#(weatherMember),"pop":0,"dt_txt":"x"}"#
    }

    /// A `/forecast/daily` slot (`list[]` of the documented shape: `temp` is an object).
    static func dailySlot(_ index: Int) -> String {
        #"{"dt":\#(1_714_590_000 + 86400 * index),"temp":{"day":66.2,"min":5\#(index).1,"max":7\#(index).3,"night":54,"eve":62,"morn":51},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],"speed":8.1,"deg":300,"pop":0.2}"#
    }

    static func list(_ slots: [String]) -> String {
        #"{"cod":"200","message":0,"cnt":\#(slots.count),"list":[\#(slots.joined(separator: ","))],"city":{"name":"Cupertino"}}"#
    }

    static let hourly = list((0..<12).map { hourlySlot($0) })
    static let daily = list((0..<7).map { dailySlot($0) })

    @Test func asksTheCaseStudysThreeRequestsInImperial() {
        let adapter = OpenWeatherMapForecast(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(adapter.request(.current, for: Self.cupertino)?.url == Self.currentURL)
        #expect(adapter.request(.hourly, for: Self.cupertino)?.url == Self.hourlyURL)
        #expect(adapter.request(.daily, for: Self.cupertino)?.url == Self.dailyURL)
    }

    @Test func currentConditionsCarryTheDisplayedFields() throws {
        let conditions = try OpenWeatherMapForecast.parse(.current, jsonResponse(Self.current()))
        let info = try #require(conditions.first).userInfo(location: "Cupertino, CA")
        #expect(conditions.count == 1)
        #expect(
            info == [
                "location": "Cupertino, CA", "provider": "owm-forecast", "kind": "current", "condition": "Clouds",
                "description": "few clouds", "icon": "02d", "temperature": "58.6", "high": "61.3", "low": "55.9",
                "units": "fahrenheit", "reportedLocation": "Cupertino", "time": "2024-05-01T14:00:00Z",
            ])
    }

    @Test func hourlyIsTwelveSlotsWithTimeTemperatureConditionAndIcon() throws {
        let slots = try OpenWeatherMapForecast.parse(.hourly, jsonResponse(Self.hourly))
        #expect(slots.count == 12)
        let first = slots[0].userInfo(location: "Cupertino, CA")
        #expect(first["kind"] == "hourly")
        #expect(first["time"] == "2024-05-01T15:00:00Z")
        #expect(first["temperature"] == "60.2")
        #expect(first["condition"] == "Clear")
        #expect(first["icon"] == "01d")
        #expect(first["units"] == "fahrenheit")
        #expect(first["high"] == nil)
        #expect(slots[11].time == "2024-05-03T00:00:00Z")
    }

    @Test func dailyIsSevenSlotsWithTimeHighLowConditionAndIcon() throws {
        let slots = try OpenWeatherMapForecast.parse(.daily, jsonResponse(Self.daily))
        #expect(slots.count == 7)
        let last = slots[6].userInfo(location: "Cupertino, CA")
        #expect(last["kind"] == "daily")
        #expect(last["time"] == "2024-05-07T19:00:00Z")
        #expect(last["high"] == "76.3")
        #expect(last["low"] == "56.1")
        #expect(last["condition"] == "Rain")
        #expect(last["icon"] == "10d")
        #expect(last["temperature"] == nil)
    }

    /// Slots beyond `cnt` are not read.
    @Test func slotsBeyondTheCountAreLeftOut() throws {
        let slots = try OpenWeatherMapForecast.parse(
            .daily, jsonResponse(Self.list((0..<9).map { Self.dailySlot($0) })))
        #expect(slots.count == 7)
    }

    @Test(arguments: [
        (
            OpenWeatherMapForecast.Kind.hourly, list((0..<5).map { hourlySlot($0) }),
            "'list' has 5 slots, but cnt=12 asked for 12"
        ),
        (.daily, list((0..<6).map { dailySlot($0) }), "'list' has 6 slots, but cnt=7 asked for 7"),
        (
            .hourly, list((0..<12).map { hourlySlot($0, weather: $0 != 3) }),
            "list[3] has no 'weather[0]'"
        ),
        (
            .current, current().replacingOccurrences(of: #""weather":[{"#, with: #""weather":[],"x":[{"#),
            "answer has no 'weather[0]'"
        ),
        (
            .hourly, list((0..<12).map { hourlySlot($0, temp: $0 == 2 ? #""61.2""# : nil) }),
            #"'list[2].main.temp' is the string "61.2", not a number"#
        ),
        (.current, current(temp: #""58.6""#), #"'main.temp' is the string "58.6", not a number"#),
        (
            .daily, daily.replacingOccurrences(of: #""max":70.3"#, with: #""max":"70.3""#),
            #"'list[0].temp.max' is the string "70.3", not a number"#
        ),
        (
            .hourly, daily,
            "list[0] has 'temp' {day, min, max, …} and no 'main': a /forecast/daily answer, not 3-hour slots"
        ),
        (.daily, hourly, "list[0] has 'main' and no 'temp': a /forecast answer, not daily slots"),
        (.hourly, #"{"cod":"200","cnt":0}"#, "answer has no 'list' array"),
        (
            .daily, daily.replacingOccurrences(of: #""main":"Rain","#, with: ""),
            "'list[0].weather[0].main' is missing"
        ),
    ])
    func badAnswersAreBadShapeNamingTheField(kind: OpenWeatherMapForecast.Kind, body: String, message: String) {
        #expect {
            try OpenWeatherMapForecast.parse(kind, jsonResponse(body))
        } throws: { error in
            let failure = error as? ProviderFailure
            return failure == ProviderFailure(provider: "owm-forecast", code: "bad_shape", message: message)
        }
    }

    /// The weather service asking `owm-forecast` alone for each location in `locations`.
    func run(_ script: [String: ScriptedHTTPClient.Answer], locations: [[String: String]]) throws -> [BusNotification] {
        let bus = NotificationBus()
        let registry = ProviderRegistry.builtIn
        let service = WeatherService(providers: try registry.resolve([.owmForecast]))
        let context = ServiceContext(
            bus: bus, http: ScriptedHTTPClient(script), endpoints: Endpoints(registry.endpoints))
        let host = ServiceHost(bus: bus, services: [service], context: context)
        defer { host.stop() }
        let recorder = BusRecorder(bus)
        for info in locations { bus.post(.locationAvailable, info) }
        return recorder.posted
    }

    static let cupertinoInfo = [
        "city": "Cupertino", "state": "CA", "country": "United States", "isoCountryCode": "US",
        "latitude": "37.331800", "longitude": "-122.031200",
    ]

    @Test func everyFixGetsCurrentThenTwelveHourlyThenSevenDaily() throws {
        let posted = try run(
            [
                Self.currentURL: .json(Self.current()), Self.hourlyURL: .json(Self.hourly),
                Self.dailyURL: .json(Self.daily),
            ], locations: [Self.cupertinoInfo, Self.cupertinoInfo])
        let kinds = posted.map { "\($0.name.rawValue):\($0.userInfo["kind"] ?? "")" }
        let oneFix =
            ["CONDITIONS_AVAILABLE:current"] + Array(repeating: "CONDITIONS_AVAILABLE:hourly", count: 12)
            + Array(repeating: "CONDITIONS_AVAILABLE:daily", count: 7)
        #expect(kinds == oneFix + oneFix)
        #expect(posted.allSatisfy { $0.userInfo["location"] == "Cupertino, CA" })
    }

    /// The case study's banner: a refused `/forecast/daily` (a free key) is a `provider_error`
    /// in its place, the other two answers are posted, and the next fix is asked again.
    @Test func aRefusedAnswerIsAProviderErrorAndTheOthersArePosted() throws {
        let refusal =
            #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
        let posted = try run(
            [
                Self.currentURL: .json(Self.current()), Self.hourlyURL: .json(Self.hourly),
                Self.dailyURL: .json(refusal, status: 401),
            ], locations: [Self.cupertinoInfo, Self.cupertinoInfo])
        #expect(posted.count == 2 * 14)
        #expect(posted[0].userInfo["kind"] == "current")
        #expect(posted[12].userInfo["kind"] == "hourly")
        #expect(posted[13].name == .providerError)
        #expect(
            posted[13].userInfo == [
                "provider": "owm-forecast", "code": "401",
                "message":
                    "/forecast/daily: Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.",
            ])
        #expect(posted[14].userInfo["kind"] == "current")
        #expect(posted[27] == posted[13])
    }

    @Test func aPlaceWithoutACoordinateIsOneMissingLocation() throws {
        let posted = try run([:], locations: [["city": "Cupertino", "state": "CA"]])
        #expect(posted.map(\.name) == [.providerError])
        #expect(posted.first?.userInfo["code"] == "missing_location")
    }
}
