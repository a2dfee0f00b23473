import CanonicalJSON
import Harness
import Testing

@Suite struct ScenarioFileTests {
    let path = "Recordings/franklin-la/scenario.json"

    func errorText(_ text: String) -> String {
        do {
            _ = try ScenarioFile.parse(text, file: path)
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
        #expect(file.seed == 7)
        #expect(
            file.engine
                == ScenarioFile.Engine(
                    desiredAccuracy: .preset(.kilometer), distanceFilter: .meters(3000), significantChange: false,
                    authorization: .whenInUse, noise: true))
        #expect(file.playback == ScenarioFile.Playback(interval: 1, speed: 20.5, source: .rte, loop: 2))
        #expect(
            file.geocoder
                == ScenarioFile.Geocoder(
                    kind: .offline, limit: .init(requests: 50, seconds: 60), latency: 0.25, overlap: .queue,
                    minInterval: 30, cacheRadius: 500))
        #expect(file.providers == [.aeris, .nws])
        #expect(file.advisory == .mostSevere)
        #expect(file.push.enabled == false)
        #expect(file.baseURLs == [.aeris: "http://127.0.0.1:8080", .parse: "https://api.parse.example/1"])
    }

    @Test func leavesUnsetSettingsNil() throws {
        let file = try ScenarioFile.parse(#"{"version":1,"track":"Waypoints/a.gpx"}"#, file: path)
        #expect(file == ScenarioFile(track: "Waypoints/a.gpx"))
        #expect(file.engine.distanceFilter == nil)
        #expect(file.providers == nil)
        #expect(file.baseURLs.isEmpty)
    }

    @Test func acceptsAlternativeValueForms() throws {
        let file = try ScenarioFile.parse(
            #"{"version":1,"track":"t.gpx","engine":{"desiredAccuracy":65,"distanceFilter":"none"},"#
                + #""geocoder":{"kind":"none"},"providers":["none"]}"#, file: path)
        #expect(file.engine.desiredAccuracy == .meters(65))
        #expect(file.engine.distanceFilter == .unfiltered)
        #expect(file.geocoder.kind == .disabled)
        #expect(file.providers == [])
    }

    @Test(arguments: [
        (
            #"{"version":1,"track":"t.gpx","engine":{"distanceFiltr":10}}"#,
            "Recordings/franklin-la/scenario.json: error: unknown key 'engine.distanceFiltr' (did you mean 'distanceFilter'?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","Seed":1}"#,
            "Recordings/franklin-la/scenario.json: error: unknown key 'Seed' (did you mean 'seed'?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","push":{"sound":"x"}}"#,
            "Recordings/franklin-la/scenario.json: error: unknown key 'push.sound' (known keys of 'push': enabled)"
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":{"noise":"yes"}}"#,
            "Recordings/franklin-la/scenario.json: error: 'engine.noise' must be true or false, got \"yes\""
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":{"distanceFilter":"far"}}"#,
            "Recordings/franklin-la/scenario.json: error: 'engine.distanceFilter' must be a number of metres (0 or more) or \"none\", got \"far\""
        ),
        (
            #"{"version":1,"track":"t.gpx","geocoder":{"overlap":"queued"}}"#,
            "Recordings/franklin-la/scenario.json: error: 'geocoder.overlap' must be one of \"cancel\", \"queue\", \"parallel\", got \"queued\" (did you mean \"queue\"?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","geocoder":{"limit":"50"}}"#,
            "Recordings/franklin-la/scenario.json: error: 'geocoder.limit' must be \"N/S\" (N requests in any S seconds, e.g. \"50/60\"), got \"50\""
        ),
        (
            #"{"version":1,"track":"t.gpx","playback":{"loop":0}}"#,
            "Recordings/franklin-la/scenario.json: error: 'playback.loop' must be a whole number of at least 1, got 0"
        ),
        (
            #"{"version":1,"track":"t.gpx","playback":{"speed":-3}}"#,
            "Recordings/franklin-la/scenario.json: error: 'playback.speed' must be a positive number of metres per second, got -3"
        ),
        (
            #"{"version":1,"track":"t.gpx","seed":1.5}"#,
            "Recordings/franklin-la/scenario.json: error: 'seed' must be a whole number from 0 to 18446744073709551615, got 1.5"
        ),
        (
            #"{"version":1,"track":"t.gpx","providers":["aeris","nsw"]}"#,
            "Recordings/franklin-la/scenario.json: error: 'providers[1]' must be one of \"aeris\", \"nws\", \"owm-umbrella\", \"owm-conditions\", \"google-legacy\", \"none\", got \"nsw\" (did you mean \"nws\"?)"
        ),
        (
            #"{"version":1,"track":"t.gpx","providers":["aeris","none"]}"#,
            "Recordings/franklin-la/scenario.json: error: 'providers' lists \"none\" together with other providers"
        ),
        (
            #"{"version":1,"track":"t.gpx","providers":"aeris"}"#,
            "Recordings/franklin-la/scenario.json: error: 'providers' must be an array of provider names, got \"aeris\""
        ),
        (
            #"{"version":1,"track":"t.gpx","baseURLs":{"aeris":"127.0.0.1:8080"}}"#,
            "Recordings/franklin-la/scenario.json: error: 'baseURLs.aeris' must be an http:// or https:// URL with a host, got \"127.0.0.1:8080\""
        ),
        (
            #"{"version":1,"track":"t.gpx","engine":[]}"#,
            "Recordings/franklin-la/scenario.json: error: 'engine' must be an object, got []"
        ),
        (
            #"{"version":1,"engine":{}}"#,
            "Recordings/franklin-la/scenario.json: error: missing required key 'track' (the GPX file, relative to the repository root)"
        ),
        (
            #"{"version":1,"track":"/home/me/t.gpx"}"#,
            "Recordings/franklin-la/scenario.json: error: 'track' must be relative to the repository root with '/' separators, got \"/home/me/t.gpx\""
        ),
        (
            #"{"version":2,"track":"t.gpx","future":true}"#,
            "Recordings/franklin-la/scenario.json: error: unsupported 'version' 2: this locsim reads version 1"
        ),
        (
            #"{"version":"1","track":"t.gpx"}"#,
            "Recordings/franklin-la/scenario.json: error: 'version' must be the number 1, got \"1\""
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
                Recordings/franklin-la/scenario.json: error: unknown key 'engine.authorisation' (did you mean 'authorization'?)
                Recordings/franklin-la/scenario.json: error: 'engine.noise' must be true or false, got 1
                Recordings/franklin-la/scenario.json: error: 'seed' must be a whole number from 0 to 18446744073709551615, got -1
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
        let file = ScenarioFile(
            track: "Waypoints/i10.gpx", description: "Houston to New Orleans", seed: 42,
            engine: .init(desiredAccuracy: .meters(65), distanceFilter: .unfiltered, authorization: .denied),
            playback: .init(interval: 0.5, loop: 3),
            geocoder: .init(kind: .disabled, limit: .init(requests: 50, seconds: 60), minInterval: 10),
            providers: [], advisory: .all, push: .init(enabled: true), baseURLs: [.nws: "http://127.0.0.1:9"])
        #expect(try ScenarioFile.parse(file.text, file: path) == file)
        #expect(file.text.hasSuffix("}\n"))
        #expect(file.json["geocoder"]?["limit"] == .string("50/60"))
        #expect(file.json["providers"] == .array([.string("none")]))
    }
}
