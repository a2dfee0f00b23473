import GPX
import Geocoding
import Harness
import LocationCore
import Replay
import Scenarios
import Simulation
import Testing
import Weather

@Suite struct ReplaySettingsTests {
    @Test func anEmptyScenarioHasTheCommandLineDefaults() throws {
        let settings = try ScenarioFile(track: "t.gpx").replaySettings()
        #expect(settings == ReplaySettings())
        let configuration = try settings.configuration(credentials: .placeholders)
        #expect(configuration.engine == LocationEngine.Configuration())
        #expect(configuration.playback == .default)
        #expect(configuration.geocoding == GeocodeSessionConfiguration())
        #expect(configuration.services.weather == WeatherService.Configuration())
        #expect(configuration.services.push)
        #expect(configuration.laps == 1 && configuration.source == nil && configuration.geocoder == .offline)
    }

    @Test func appleThrottleStandsInForCLGeocoderNotForNominatim() throws {
        var settings = ReplaySettings()
        #expect(try settings.configuration(credentials: .placeholders).geocoding.throttle == .apple)
        settings.geocoder = .nominatim
        let nominatim = try settings.configuration(credentials: .placeholders).geocoding
        #expect(nominatim.throttle == nil)
        #expect(nominatim.minInterval == 1)
        settings.geocodeLimit = GeocodeThrottle(limit: 10, window: 60)
        #expect(try settings.configuration(credentials: .placeholders).geocoding.throttle == settings.geocodeLimit)
    }

    @Test func everyScenarioKeyReachesTheConfiguration() throws {
        let file = ScenarioFile(
            track: "t.gpx", seed: 7,
            engine: .init(
                desiredAccuracy: .preset(.hundredMeters), distanceFilter: .unfiltered, significantChange: true,
                authorization: .whenInUse, noise: false),
            playback: .init(interval: 0, speed: 5, source: .rte, loop: 3),
            geocoder: .init(
                kind: .nominatim, limit: .init(requests: 10, seconds: 30), latency: 0.5, overlap: .queue,
                minInterval: 0.25,
                cacheRadius: 100),
            providers: [.nws, .owmUmbrella], advisory: .mostSevere, push: .init(enabled: false),
            baseURLs: [.nws: "http://127.0.0.1:8080/"])
        let configuration = try file.replaySettings().configuration(credentials: .placeholders)
        #expect(
            configuration.engine
                == LocationEngine.Configuration(
                    desiredAccuracy: .hundredMeters, distanceFilter: .none, significantChange: true,
                    authorization: .authorizedWhenInUse, seed: 7, noise: false))
        #expect(configuration.playback == Playback.Configuration(interval: 0, speed: 5))
        #expect(configuration.source == .routePoint && configuration.laps == 3 && configuration.geocoder == .nominatim)
        #expect(
            configuration.geocoding
                == GeocodeSessionConfiguration(
                    minInterval: NominatimGeocoder.minimumRequestInterval, cacheRadius: 100,
                    throttle: GeocodeThrottle(limit: 10, window: 30), latency: 0.5, overlap: .queue),
            "Nominatim's usage policy raises the minimum interval to 1 s")
        #expect(configuration.services.weather.providers == [.nws, .owmUmbrella])
        #expect(configuration.services.weather.selection == .mostSevere)
        #expect(configuration.services.weather.baseURLs[.nws] == "http://127.0.0.1:8080")
        #expect(configuration.services.weather.baseURLs[.aeris] == BaseURLs.defaults[.aeris])
        #expect(!configuration.services.push)
    }

    @Test(arguments: [("trk", GPXPointKind.trackPoint), ("rte", .routePoint), ("wpt", .waypoint)])
    func sourceSpellings(argument: String, kind: GPXPointKind) {
        #expect(ReplaySettings.pointKind(argument: argument) == kind)
    }

    @Test func valuesThePipelineCannotRunAreErrorsNamingTheSetting() {
        var settings = ReplaySettings()
        settings.speed = 0
        #expect(throws: ReplaySettingsError(option: "--speed", message: "'--speed' must be a speed > 0 in m/s")) {
            try settings.configuration(credentials: .placeholders)
        }
        settings = ReplaySettings()
        settings.pushEndpoint = "apns"
        #expect(throws: ReplaySettingsError.self) { try settings.configuration(credentials: .placeholders) }
        let zero = ScenarioFile(track: "t.gpx", geocoder: .init(limit: .init(requests: 0, seconds: 60)))
        #expect(throws: ReplaySettingsError.self) { try zero.replaySettings() }
    }
}
