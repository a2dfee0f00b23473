import LocSimCanonicalJSON
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
import LocSimPluginOptions
import LocSimScenarioHarness
import LocSimSettings
import LocSimSupport
import LocSimWeather
import Testing

@Suite struct ScenarioFileTests {
    let path = "Recordings/franklin-la/scenario.json"

    func errorText(_ text: String) -> String { Self.errorText(text, file: path) }

    /// What parsing `text` as `file` reports, or "no error".
    static func errorText(_ text: String, file: String) -> String {
        do {
            _ = try ScenarioFile.parse(text, file: file)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func parsesEverySetting() throws {
        let text = """
            {
              "version": 1,
              "description": "Franklin, LA coastal flood advisory",
              "track": "Waypoints/franklin-la.gpx",
              "seed": 7,
              "engine": {"desiredAccuracy": "kilometer", "distanceFilter": 3000, "significantChange": false,
                         "authorization": "when-in-use", "noise": true},
              "playback": {"interval": 1, "speed": 20.5, "source": "rte", "loop": 2},
              "geocoder": {"kind": "offline", "limit": "50/60", "latency": 0.25, "overlap": "queue",
                           "minInterval": 30, "cacheRadius": 500},
              "providers": ["aeris", "nws"],
              "advisory": "most-severe",
              "push": {"enabled": false},
              "baseURLs": {"aeris": "http://127.0.0.1:8080", "parse": "https://api.parse.example/1"}
            }
            """
        let file = try ScenarioFile.parse(text, file: path)
        #expect(file.version == 1)
        #expect(file.description == "Franklin, LA coastal flood advisory")
        #expect(file.track == "Waypoints/franklin-la.gpx")
        var expected = ReplaySettings()
        expected.seed = 7
        expected.desiredAccuracy = .kilometer
        expected.distanceFilter = .metres(3000)
        expected.significantChange = false
        expected.authorization = .authorizedWhenInUse
        expected.noise = true
        expected.interval = 1
        expected.speed = 20.5
        expected.source = .routePoint
        expected.laps = 2
        expected.geocoder = "offline"
        expected.geocodeLimit = GeocodeLimit(requests: 50, seconds: 60)
        expected.geocodeLatency = 0.25
        expected.geocodeOverlap = .queue
        expected.geocodeMinInterval = 30
        expected.geocodeCacheRadius = 500
        expected.providers = ["aeris", "nws"]
        expected.advisory = .mostSevere
        expected.push = false
        expected.baseURLs = ["aeris": "http://127.0.0.1:8080", "parse": "https://api.parse.example/1"]
        #expect(file.settings == expected)
        #expect(
            file.statedKeys == [
                "seed", "engine.desiredAccuracy", "engine.distanceFilter", "engine.significantChange",
                "engine.authorization", "engine.noise", "playback.interval", "playback.speed", "playback.source",
                "playback.loop", "geocoder.kind", "geocoder.limit", "geocoder.latency", "geocoder.overlap",
                "geocoder.minInterval", "geocoder.cacheRadius", "providers", "advisory", "push.enabled", "baseURLs",
            ])
    }

    @Test func leavesUnsetSettingsAtTheirDefaults() throws {
        let file = try ScenarioFile.parse(#"{"version":1,"track":"Waypoints/a.gpx"}"#, file: path)
        #expect(file == ScenarioFile(track: "Waypoints/a.gpx"))
        #expect(file.settings == ReplaySettings())
        #expect(file.statedKeys.isEmpty)
        #expect(file.settings.distanceFilter == .metres(3000))
        #expect(file.settings.providers == ["aeris"])
        #expect(file.settings.baseURLs.isEmpty)
    }

    @Test func acceptsAlternativeValueForms() throws {
        let file = try ScenarioFile.parse(
            #"{"version":1,"track":"t.gpx","engine":{"desiredAccuracy":65,"distanceFilter":"none"},"#
                + #""geocoder":{"kind":"none"},"providers":["none"]}"#, file: path)
        #expect(file.settings.desiredAccuracy == .metres(65))
        #expect(file.settings.distanceFilter == DistanceFilter.none)
        #expect(file.settings.geocoder == "none")
        #expect(file.settings.providers == [])
        #expect(file.statedKeys.contains("providers"))
    }

    /// Provider names are open: whether one is registered is for the run's registry to say
    /// (see the Scenarios tests), so a well-formed unknown name parses.
    @Test func keepsProviderNamesTheRegistryWillCheck() throws {
        let file = try ScenarioFile.parse(
            #"{"version":1,"track":"t.gpx","providers":["aeris","nsw"],"baseURLs":{"my-alerts":"http://127.0.0.1:9"}}"#,
            file: path)
        #expect(file.settings.providers == ["aeris", "nsw"])
        #expect(file.settings.baseURLs == ["my-alerts": "http://127.0.0.1:9"])
    }

    @Test(arguments: [
        (
            #"{"version":1,"track":"t.gpx","engine":{"distanceFiltr":10}}"#,
            "Recordings/franklin-la/scenario.json:1:56: error: unknown key 'engine.distanceFiltr' (did you mean 'engine.distanceFilter'?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","Seed":1}"#,
            "Recordings/franklin-la/scenario.json:1:37: error: unknown key 'Seed' (did you mean 'seed'?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","push":{"sound":"x"}}"#,
            "Recordings/franklin-la/scenario.json:1:46: error: unknown key 'push.sound' (known keys of 'push': bundleID, enabled, endpoint)"
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":{"noise":"yes"}}"#,
            "Recordings/franklin-la/scenario.json:1:48: error: 'engine.noise' must be true or false, got \"yes\""
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":{"distanceFilter":"far"}}"#,
            "Recordings/franklin-la/scenario.json:1:57: error: 'engine.distanceFilter' must be a number of metres (0 or more) or \"none\", got \"far\""
        ),
        (
            #"{"version":1,"track":"t.gpx","geocoder":{"overlap":"queued"}}"#,
            "Recordings/franklin-la/scenario.json:1:52: error: 'geocoder.overlap' must be one of \"cancel\", \"queue\", \"parallel\", got \"queued\" (did you mean \"queue\"?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","geocoder":{"limit":"50"}}"#,
            "Recordings/franklin-la/scenario.json:1:50: error: 'geocoder.limit' must be \"N/S\" (N ≥ 1 requests in any S seconds, e.g. \"50/60\"), got \"50\""
        ),
        (
            #"{"version":1,"track":"t.gpx","playback":{"loop":0}}"#,
            "Recordings/franklin-la/scenario.json:1:49: error: 'playback.loop' must be a whole number from 1 to 10000, got 0"
        ),
        (
            #"{"version":1,"track":"t.gpx","playback":{"speed":-3}}"#,
            "Recordings/franklin-la/scenario.json:1:50: error: 'playback.speed' must be a positive number of metres per second, got -3"
        ),
        (
            #"{"version":1,"track":"t.gpx","seed":1.5}"#,
            "Recordings/franklin-la/scenario.json:1:37: error: 'seed' must be a whole number from 0 to 18446744073709551615, got 1.5"
        ),
        (
            #"{"version":1,"track":"t.gpx","providers":["aeris","none"]}"#,
            "Recordings/franklin-la/scenario.json:1:42: error: 'providers' lists \"none\" together with other providers"
        ),
        (
            #"{"version":1,"track":"t.gpx","providers":"aeris"}"#,
            "Recordings/franklin-la/scenario.json:1:42: error: 'providers' must be an array of provider names, got \"aeris\""
        ),
        (
            #"{"version":1,"track":"t.gpx","baseURLs":{"aeris":"127.0.0.1:8080"}}"#,
            "Recordings/franklin-la/scenario.json:1:41: error: 'baseURLs.aeris' must be an http:// or https:// URL with a host, got \"127.0.0.1:8080\""
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":[]}"#,
            "Recordings/franklin-la/scenario.json:1:39: error: 'engine' must be an object, got []"
        ),
        (
            #"{"version":1,"engine":{}}"#,
            "Recordings/franklin-la/scenario.json: error: missing required key 'track' (the GPX file, relative to the repository root)"
        ),
        (
            #"{"version":1,"track":"/home/me/t.gpx"}"#,
            "Recordings/franklin-la/scenario.json:1:22: error: 'track' must be relative to the repository root with '/' separators, got \"/home/me/t.gpx\""
        ),
        (
            #"{"version":2,"track":"t.gpx","future":true}"#,
            "Recordings/franklin-la/scenario.json:1:12: error: unsupported 'version' 2: this locsim reads version 1"
        ),
        (
            #"{"version":"1","track":"t.gpx"}"#,
            "Recordings/franklin-la/scenario.json:1:12: error: 'version' must be the number 1, got \"1\""
        ),
        (
            #"{"track":"t.gpx"}"#,
            "Recordings/franklin-la/scenario.json: error: missing required key 'version' (this locsim reads version 1)"
        ),
        (
            #"[1]"#,
            "Recordings/franklin-la/scenario.json: error: the top level must be a JSON object, got [1]"
        ),
        (
            "{\n  \"version\": 1,\n  \"track\": \"t.gpx\"\n  \"seed\": 0\n}",
            "Recordings/franklin-la/scenario.json:4:3: error: expected ',' or '}'"
        ),
    ])
    func reportsPreciseErrors(text: String, expected: String) {
        #expect(errorText(text) == expected)
    }

    @Test func reportsEveryProblemInKeyOrder() throws {
        let text = #"{"version":1,"track":"t.gpx","seed":-1,"engine":{"noise":1,"authorisation":"always"}}"#
        let error = try #require(throws: ScenarioFileError.self) { try ScenarioFile.parse(text, file: path) }
        #expect(error.diagnostics.map(\.keyPath) == ["engine.authorisation", "engine.noise", "seed"])
        #expect(error.exitCode == 65)
        #expect(
            error.description == """
                Recordings/franklin-la/scenario.json:1:76: error: unknown key 'engine.authorisation' (did you mean 'engine.authorization'?)
                Recordings/franklin-la/scenario.json:1:58: error: 'engine.noise' must be true or false, got 1
                Recordings/franklin-la/scenario.json:1:37: error: 'seed' must be a whole number from 0 to 18446744073709551615, got -1
                """)
    }

    @Test func syntaxErrorCarriesLineAndColumn() throws {
        let error = try #require(throws: ScenarioFileError.self) {
            try ScenarioFile.parse("{\n\"version\": 1,\n\"track\": tru\n}", file: path)
        }
        #expect(
            error.diagnostics == [.init(keyPath: nil, message: "invalid literal, expected 'true'", line: 3, column: 10)]
        )
    }

    @Test func jsonRoundTrips() throws {
        var file = ScenarioFile(track: "Waypoints/i10.gpx", description: "Houston to New Orleans")
        file.set(\.seed, 42, key: "seed")
        file.set(\.desiredAccuracy, .metres(65), key: "engine.desiredAccuracy")
        file.set(\.distanceFilter, DistanceFilter.none, key: "engine.distanceFilter")
        file.set(\.authorization, .denied, key: "engine.authorization")
        file.set(\.interval, 0.5, key: "playback.interval")
        file.set(\.laps, 3, key: "playback.loop")
        file.set(\.geocoder, GeocoderName("none"), key: "geocoder.kind")
        file.set(\.geocodeLimit, GeocodeLimit(requests: 50, seconds: 60), key: "geocoder.limit")
        file.set(\.geocodeMinInterval, 10, key: "geocoder.minInterval")
        file.set(\.providers, [], key: "providers")
        file.set(\.advisory, .all, key: "advisory")
        file.set(\.push, true, key: "push.enabled")
        file.set(\.baseURLs, ["nws": "http://127.0.0.1:9"], key: "baseURLs")
        #expect(try ScenarioFile.parse(file.text, file: path) == file)
        #expect(file.text.hasSuffix("}\n"))
        #expect(file.json["geocoder"]?["limit"] == .string("50/60"))
        #expect(file.json["providers"] == .array([.string("none")]))
    }
}
