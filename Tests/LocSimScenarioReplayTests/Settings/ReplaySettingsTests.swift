import LocSimGPX
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather
import Testing

@Suite struct ReplaySettingsTests {
    @Test func anEmptyScenarioHasTheCommandLineDefaults() throws {
        let settings = ScenarioFile(track: "t.gpx").settings
        #expect(settings == ReplaySettings())
        let configuration = try settings.configuration()
        #expect(configuration.engine == LocationEngine.Configuration())
        #expect(configuration.playback == .default)
        #expect(configuration.geocoding == GeocodeSessionConfiguration())
        let services = configuration.services
        #expect(services.providers == ServiceConfiguration().providers)
        #expect(services.selection == .last)
        #expect(services.endpoints == ReplayApp().endpoints)
        #expect(services.pushSink == nil)
        #expect(services.credentials["AERIS_CLIENT_ID"] == "<AERIS_CLIENT_ID>")
        #expect(configuration.services.push)
        #expect(configuration.laps == 1 && configuration.source == nil && configuration.geocoder == .offline)
    }

    @Test func appleThrottleStandsInForCLGeocoderNotForNominatim() throws {
        var settings = ReplaySettings()
        #expect(try settings.configuration().geocoding.throttle == .apple)
        settings.geocoder = .nominatim
        let nominatim = try settings.configuration().geocoding
        #expect(nominatim.throttle == nil)
        #expect(nominatim.minInterval == 1)
        settings.geocodeLimit = GeocodeLimit(requests: 10, seconds: 60)
        #expect(try settings.configuration().geocoding.throttle == GeocodeThrottle(limit: 10, window: 60))
    }

    @Test func everyScenarioKeyReachesTheConfiguration() throws {
        let file = try ScenarioFile.parse(
            """
            {
              "version": 1, "track": "t.gpx", "seed": 7,
              "engine": {"desiredAccuracy": "hundred-meters", "distanceFilter": "none", "significantChange": true,
                         "authorization": "when-in-use", "noise": false},
              "playback": {"interval": 0, "speed": 5, "source": "rte", "loop": 3},
              "geocoder": {"kind": "nominatim", "limit": "10/30", "latency": 0.5, "overlap": "queue",
                           "minInterval": 0.25, "cacheRadius": 100},
              "providers": ["nws", "owm-umbrella"], "advisory": "most-severe", "push": {"enabled": false},
              "baseURLs": {"nws": "http://127.0.0.1:8080/"}
            }
            """, file: "scenario.json")
        let configuration = try file.settings.configuration()
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
                    minInterval: 1, cacheRadius: 100,
                    throttle: GeocodeThrottle(limit: 10, window: 30), latency: 0.5, overlap: .queue),
            "Nominatim's usage policy raises the minimum interval to 1 s")
        #expect(configuration.services.providers == [.nws, .owmUmbrella])
        #expect(configuration.services.selection == .mostSevere)
        #expect(configuration.services.endpoints["nws"] == "http://127.0.0.1:8080")
        #expect(configuration.services.endpoints["aeris"] == AerisAdvisories.endpoint.defaultBaseURL)
        #expect(!configuration.services.push)
    }

    @Test(arguments: [("trk", GPXPointKind.trackPoint), ("rte", .routePoint), ("wpt", .waypoint)])
    func sourceSpellings(argument: String, kind: GPXPointKind) {
        #expect(GPXPointKind(sourceArgument: argument) == kind)
        #expect(kind.sourceArgument == argument)
    }

    @Test func valuesThePipelineCannotRunAreErrorsNamingTheSetting() throws {
        var settings = ReplaySettings()
        settings.speed = 0
        #expect(throws: ReplaySettingsError(option: "--speed", message: "'--speed' must be a speed > 0 in m/s")) {
            try settings.configuration()
        }
        settings = ReplaySettings()
        settings.pushEndpoint = "apns"
        // APNs needs the topic.
        #expect(throws: ReplaySettingsError.self) { try settings.configuration() }
        settings.pushEndpoint = "fcm"
        #expect(throws: ReplaySettingsError.self) { try settings.configuration() }
        #expect(GeocodeLimit(requests: 0, seconds: 60) == nil)
        #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(#"{"version":1,"track":"t.gpx","geocoder":{"limit":"0/60"}}"#, file: "scenario.json")
        }
    }

    /// Names are open in `scenario.json`; the run's registry and endpoints reject unknown ones,
    /// with every accepted name for "Did you mean".
    @Test func unknownProvidersAndBaseURLKeysAreConfigurationErrors() throws {
        let file = try ScenarioFile.parse(
            #"{"version":1,"track":"t.gpx","providers":["aeris","nsw"]}"#, file: "scenario.json")
        let providers = ProviderRegistry.builtIn.names.map(\.rawValue) + ["none"]
        #expect(
            throws: ReplaySettingsError(
                option: "--providers",
                message: "unknown provider 'nsw'; expected \(ListText.joined(providers))",
                value: "nsw", validValues: providers)
        ) { try file.settings.configuration() }
        let keys = ReplayApp().endpoints.keys.map(\.rawValue)
        var settings = ReplaySettings()
        settings.baseURLs = ["weather": "http://127.0.0.1:9"]
        #expect(
            throws: ReplaySettingsError(
                option: "--base-url",
                message: "unknown base URL key 'weather'; expected \(ListText.joined(keys))",
                value: "weather", validValues: keys)
        ) { try settings.configuration() }
    }
}
