import LocSimAppServices
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSimulation
import LocSimTesting
import Testing

@testable import LocSimWeather

struct WeatherServiceTests {
    static let franklinInfo = [
        "city": "Franklin", "state": "LA", "country": "United States", "isoCountryCode": "US",
        "latitude": "29.796600", "longitude": "-91.501600",
    ]
    static let aerisFranklin =
        "https://api.aerisapi.com/advisories/franklin,la,us?client_id=%3CAERIS_CLIENT_ID%3E&client_secret=%3CAERIS_CLIENT_SECRET%3E"
    static let nwsFranklin = "https://api.weather.gov/alerts/active?point=29.7966,-91.5016"
    static let owmForecastFranklin =
        "https://api.openweathermap.org/data/2.5/forecast?lat=29.7966&lon=-91.5016&cnt=6&appid=%3COWM_APPID%3E"
    static let owmCurrentFranklin =
        "https://api.openweathermap.org/data/2.5/weather?lat=29.7966&lon=-91.5016&appid=%3COWM_APPID%3E"

    /// The weather service alone on a bus (``ServiceHost``), asking the built-in providers `providers`.
    func run(
        _ script: [String: ScriptedHTTPClient.Answer], providers: [ProviderName],
        selection: AdvisorySelection = .last, locations: [[String: String]] = [franklinInfo],
        forecastConditions: Bool = false
    ) throws -> (posted: [BusNotification], client: ScriptedHTTPClient) {
        let bus = NotificationBus()
        let client = ScriptedHTTPClient(script)
        var registry = ProviderRegistry.builtIn
        registry.replace(OpenWeatherMapConditionsProvider(forecastConditions: forecastConditions))
        let service = WeatherService(providers: try registry.resolve(providers), selection: selection)
        let context = ServiceContext(bus: bus, http: client, endpoints: Endpoints(registry.endpoints))
        let host = ServiceHost(bus: bus, services: [service], context: context)
        defer { host.stop() }
        let recorder = BusRecorder(bus)
        for info in locations { bus.post(.locationAvailable, info) }
        return (recorder.posted, client)
    }

    @Test func aerisAdvisoryForFranklin() throws {
        let (posted, _) = try run([Self.aerisFranklin: .json(AerisBodies.franklinCoastalFlood)], providers: [.aeris])
        #expect(posted.count == 1)
        #expect(posted.first?.name == .advisoryAvailable)
        let info = posted.first?.userInfo ?? [:]
        #expect(info["location"] == "Franklin, LA")
        #expect(info["name"] == "COASTAL FLOOD ADVISORY")
        #expect(info["provider"] == "aeris")
        #expect(info["type"] == "CF.Y")
        #expect(info["expires"] == "2024-09-11T19:00:00-05:00")
        #expect(info["emergency"] == "false")
        #expect(info["zone"] == "LAZ052")
        #expect(info["body"]?.hasPrefix("...COASTAL FLOOD ADVISORY") == true)
    }

    @Test func providersAnswerInListOrder() throws {
        let (posted, client) = try run(
            [
                Self.nwsFranklin: .json(NWSBodies.franklinCoastalFlood),
                Self.aerisFranklin: .json(AerisBodies.warnNoData),
                Self.owmForecastFranklin: .json(OWMBodies.forecast(pops: ["0.12", "0.3"])),
                Self.owmCurrentFranklin: .json(OWMBodies.cityNotFound, status: 404),
            ], providers: [.nws, .aeris, .owmUmbrella, .owmConditions])
        #expect(posted.map(\.name) == [.advisoryAvailable, .noAdvisory, .umbrellaJudgement, .providerError])
        #expect(posted[0].userInfo["name"] == "Coastal Flood Advisory")
        #expect(posted[0].userInfo["provider"] == "nws")
        #expect(posted[1].userInfo == ["location": "Franklin, LA", "provider": "aeris"])
        #expect(
            posted[2].userInfo == ["location": "Franklin, LA", "maxPop": "30", "judgement": "No umbrella required"])
        #expect(posted[3].userInfo == ["provider": "owm-conditions", "code": "404", "message": "city not found"])
        #expect(
            client.requests.map(\.url) == [
                Self.nwsFranklin, Self.aerisFranklin, Self.owmForecastFranklin, Self.owmCurrentFranklin,
            ])
    }

    @Test func samePlaceTwiceDoesNotRepostTheAdvisory() throws {
        let (posted, client) = try run(
            [Self.aerisFranklin: .json(AerisBodies.franklinCoastalFlood)], providers: [.aeris],
            locations: [Self.franklinInfo, Self.franklinInfo])
        #expect(posted.map(\.name) == [.advisoryAvailable])
        #expect(client.requests.count == 2)
    }

    @Test(arguments: [
        (AdvisorySelection.last, ["SPECIAL WEATHER STATEMENT"]),
        (.mostSevere, ["LAKE EFFECT SNOW WARNING"]),
        (.all, ["LAKE EFFECT SNOW WARNING", "WIND ADVISORY", "SPECIAL WEATHER STATEMENT"]),
    ])
    func selectionRules(selection: AdvisorySelection, names: [String]) throws {
        let buffalo = ["city": "Buffalo", "state": "NY", "country": "United States", "isoCountryCode": "US"]
        let url =
            "https://api.aerisapi.com/advisories/buffalo,ny,us?client_id=%3CAERIS_CLIENT_ID%3E&client_secret=%3CAERIS_CLIENT_SECRET%3E"
        let (posted, _) = try run(
            [url: .json(AerisBodies.buffaloThree)], providers: [.aeris], selection: selection,
            locations: [buffalo, buffalo])
        #expect(posted.map { $0.userInfo["name"] ?? "" } == names)
        #expect(posted.allSatisfy { $0.userInfo["location"] == "Buffalo, NY" })
    }

    @Test func failuresAreEventsAndTheRunGoesOn() throws {
        let (posted, _) = try run(
            [
                Self.aerisFranklin: .text(htmlErrorPage, status: 500, contentType: "text/html"),
                Self.nwsFranklin: .failure(.unreachable("api.weather.gov: connection refused")),
            ], providers: [.aeris, .nws, .owmUmbrella])
        #expect(posted.map(\.name) == [.providerError, .providerError, .providerError])
        #expect(posted.map { $0.userInfo["code"] ?? "" } == ["http_500", "unreachable", "not_recorded"])
        #expect(posted.map { $0.userInfo["provider"] ?? "" } == ["aeris", "nws", "owm-umbrella"])
        #expect(posted.allSatisfy { Set($0.userInfo.keys) == ["provider", "code", "message"] })
    }

    @Test func conditionsWithForecastSlots() throws {
        let (posted, _) = try run(
            [
                Self.owmCurrentFranklin: .json(OWMBodies.osakaCurrent),
                Self.owmForecastFranklin: .json(OWMBodies.osakaRainForecast),
            ], providers: [.owmConditions], forecastConditions: true)
        #expect(posted.count == 7)
        #expect(posted.allSatisfy { $0.name == .conditionsAvailable })
        #expect(posted.first?.userInfo["kind"] == "current")
        #expect(posted.first?.userInfo["temperature"] == "299.15")
        #expect(posted.last?.userInfo["time"] == "2024-09-12 00:00:00")
    }

    @Test func googleLegacyConditionsAndProblem() throws {
        let portland = [
            "city": "Portland", "state": "OR", "country": "United States", "isoCountryCode": "US",
            "postalCode": "97217",
        ]
        let atlantis = ["city": "Atlantis", "state": "GA", "country": "United States", "isoCountryCode": "US"]
        let (posted, _) = try run(
            [
                "https://www.google.com/ig/api?weather=97217": .text(
                    GoogleBodies.portland, status: 200, contentType: "text/xml"),
                "https://www.google.com/ig/api?weather=Atlantis,GA": .text(
                    GoogleBodies.problemCause, status: 200, contentType: "text/xml"),
            ], providers: [.googleLegacy], locations: [portland, atlantis])
        #expect(posted.map(\.name) == [.conditionsAvailable, .providerError])
        #expect(posted[0].userInfo["location"] == "Portland, OR")
        #expect(posted[0].userInfo["temperature"] == "72")
        #expect(posted[0].userInfo["high"] == "84")
        #expect(posted[1].userInfo["code"] == "problem_cause")
    }

    @Test func noProvidersPostNothingAndStopUnregisters() throws {
        let bus = NotificationBus()
        let client = ScriptedHTTPClient()
        let service = WeatherService(providers: try ProviderRegistry.builtIn.resolve([.aeris]))
        let host = ServiceHost(bus: bus, services: [service], context: ServiceContext(bus: bus, http: client))
        host.stop()
        let recorder = BusRecorder(bus)
        bus.post(.locationAvailable, Self.franklinInfo)
        #expect(recorder.posted.isEmpty)
        #expect(client.requests.isEmpty)
        #expect(try run([:], providers: []).posted.isEmpty)
    }
}
