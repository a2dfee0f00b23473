import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimReplay
import LocSimSupport
import LocSimWeather
import Testing

/// The built-in app's `--base-url` keys and `--providers` values as errors list them (derived, so
/// that adding a built-in provider changes only its own files, its registration and the help goldens).
private let builtInBaseURLKeys = ListText.joined(ReplayApp().endpoints.keys.map { "\($0)" })
private let builtInProviderNames = ListText.joined(ReplayApp().providers.names.map { "\($0)" } + ["none"])

/// What `replay` says when it cannot run, and its help.
@Suite struct ReplayCommandErrorTests {
    @Test func aMissingFileIsNoInput() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["replay", "Waypoints/nope.gpx", "--format", "jsonl"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr == "Waypoints/nope.gpx: error: no such file or directory\n")
    }

    @Test func aDirectoryIsNoInput() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write("", to: "folder.gpx/placeholder")
        let outcome = fixture.run(["replay", "folder.gpx"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stderr.hasPrefix("folder.gpx: error: "))
    }

    @Test func malformedGPXNamesThePathAsTyped() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(
            CLIFixture.gpx(#"<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="x" lon="2"/></trkseg></trk>"#),
            to: "Waypoints/bad.gpx")
        let outcome = fixture.run(["replay", "Waypoints/bad.gpx", "--format", "jsonl"])
        #expect(outcome.status == .dataError)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr == "Waypoints/bad.gpx:3:38: error: <trkpt> attribute 'lat' is not a number: 'x'\n")
    }

    @Test func aFileWithoutPointsIsInvalidData() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.gpx("<trk><trkseg></trkseg></trk>"), to: "empty.gpx")
        let outcome = fixture.run(["replay", "empty.gpx"])
        #expect(outcome.status == .dataError)
        #expect(outcome.stderr.hasPrefix("empty.gpx"))
        #expect(!outcome.stderr.contains(fixture.directory))
    }

    @Test(arguments: [
        (["--distance-filter", "far"], "The value 'far' is invalid for '--distance-filter <m|none>'."),
        (["--accuracy", "great"], "The value 'great' is invalid for '--accuracy <accuracy>'."),
        (["--accuracy", "0.0001"], "The value '0.0001' is invalid for '--accuracy <accuracy>'."),
        (["--accuracy", "1e30"], "The value '1e30' is invalid for '--accuracy <accuracy>'."),
        (["--seed", "-1"], "The value '-1' is invalid for '--seed <n>'."),
        (["--interval", "-1"], "The value '-1' is invalid for '--interval <s>'."),
        (["--speed", "0"], "The value '0' is invalid for '--speed <m/s>'."),
        (["--loop", "0"], "The value '0' is invalid for '--loop <n>'."),
        (["--source", "track"], "The value 'track' is invalid for '--source <kind>'."),
        (["--authorization", "yes"], "The value 'yes' is invalid for '--authorization <status>'."),
        (["--geocode-limit", "50"], "The value '50' is invalid for '--geocode-limit <n/s>'."),
        (["--geocode-latency", "-2"], "The value '-2' is invalid for '--geocode-latency <s>'."),
        (["--geocode-min-interval", "soon"], "The value 'soon' is invalid for '--geocode-min-interval <s>'."),
        (["--geocode-cache-radius", "inf"], "The value 'inf' is invalid for '--geocode-cache-radius <m>'."),
        (["--geocode-overlap", "drop"], "The value 'drop' is invalid for '--geocode-overlap <policy>'."),
        (["--placemark", "mapkt"], "The value 'mapkt' is invalid for '--placemark <naming>'."),
        (["--providers", "aries"], "The value 'aries' is invalid for '--providers <list>': unknown provider 'aries'"),
        (
            ["--providers", "aeris,aeris"],
            "The value 'aeris,aeris' is invalid for '--providers <list>': provider 'aeris' is listed twice."
        ),
        (
            ["--providers", "aeris,,nws"],
            "The value 'aeris,,nws' is invalid for '--providers <list>'. Expected a comma list of provider names, or none."
        ),
        (
            ["--providers", "none,aeris"],
            "The value 'none,aeris' is invalid for '--providers <list>'. Expected a comma list of provider names, or none."
        ),
        (["--base-url", "aeris"], "The value 'aeris' is invalid for '--base-url <key=url>'. Expected KEY=URL."),
        (
            ["--base-url", "weather=http://127.0.0.1"],
            "The value 'weather=http://127.0.0.1' is invalid for '--base-url <key=url>': unknown base URL key 'weather'; expected \(builtInBaseURLKeys)."
        ),
        (
            ["--base-url", "aeris=ftp://x"],
            "The value 'aeris=ftp://x' is invalid for '--base-url <key=url>': 'ftp://x' for 'aeris' is not an http:// or https:// URL with a host."
        ),
        (["--rate", "0"], "The value '0' is invalid for '--rate <x>'."),
        (["--format", "json"], "The value 'json' is invalid for '--format <format>'."),
    ])
    func badValuesAreUsageErrorsNamingTheOption(arguments: [String], message: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx"] + arguments)
        #expect(outcome.status == .usage)
        #expect(outcome.stdout == "")
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("Error: " + message) == true)
        #expect(lines.dropFirst().first == "Usage: locsim replay [<options>] [<gpx>]")
        #expect(lines.dropFirst(2).first == "  See 'locsim replay --help' for more information.")
    }

    @Test func aMistypedProviderGetsASuggestion() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["replay", "t.gpx", "--providers", "aeris,nsw"])
        #expect(
            outcome.stderr == """
                Error: The value 'aeris,nsw' is invalid for '--providers <list>': unknown provider 'nsw'; expected \(builtInProviderNames). Did you mean 'nws'?
                Usage: locsim replay [<options>] [<gpx>]
                  See 'locsim replay --help' for more information.

                """)
    }

    /// The providers of today are suggested like the seed's.
    @Test(arguments: [
        ("xwether", "xweather"), ("weatherkt", "weatherkit"), ("owm-onecal", "owm-onecall"), ("nws-zon", "nws-zone"),
    ])
    func aMistypedNewProviderGetsASuggestion(typed: String, suggested: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["replay", "t.gpx", "--providers", typed])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains("unknown provider '\(typed)'"))
        #expect(outcome.stderr.contains("Did you mean '\(suggested)'?"))
    }

    /// Usage errors come before the file is looked at.
    @Test func modeWithoutRecordIsAUsageErrorEvenForAMissingFile() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["replay", "nope.gpx", "--mode", "all"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.hasPrefix("Error: '--mode' requires '--record <file>'.\nUsage: locsim replay"))
    }

    @Test func anExplicitCassettesDirectoryMustExist() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.gpx(#"<wpt lat="33.4" lon="-111.9"/>"#), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--cassettes", "Recorded"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stderr == "Recorded: error: no such directory (--cassettes)\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func rateWithoutRealtimeIsAUsageError() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["replay", "nope.gpx", "--rate", "10"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.hasPrefix("Error: '--rate' requires '--realtime'.\nUsage: locsim replay"))
    }

    @Test func recordWithoutLiveIsAUsageErrorUnlessCIForcesReplay() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--record", "c.json"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.hasPrefix("Error: '--record <file>' requires '--live'.\n"))
        let onCI = fixture.run(
            ["replay", "t.gpx", "--record", "c.json", "--format", "jsonl", "--providers", "none"],
            environment: ["CI": "true"])
        #expect(onCI.status == .success)
        #expect(fixture.read("c.json") == nil)
    }

    @Test func cassetteErrorsNameTheFileAsTyped() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        try fixture.write("{\"interactions\": [\n", to: "Recordings/broken/cassette.json")
        let missing = fixture.run(["replay", "t.gpx", "--cassette", "Recordings/none.json"])
        #expect(missing.status == .noInput)
        #expect(missing.stderr == "Recordings/none.json: error: no such cassette file\n")
        let broken = fixture.run(["replay", "t.gpx"])
        #expect(broken.status == .dataError)
        #expect(broken.stderr.hasPrefix("Recordings/broken/cassette.json:2:1: error: "))
        #expect(broken.stdout == "")
    }

    @Test func replayHelp() {
        let outcome = runLocSim(["replay", "--help"], commands: LocSim.commands)
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        #expect(outcome.stdout == Self.replayHelp)
    }

    static let replayHelp = """
        OVERVIEW: Replay a GPX track through the simulated location pipeline.

        Providers are answered from the cassettes under --cassettes unless --live is
        given; a request no cassette answers becomes a provider_error event, never a
        network call.

        USAGE: locsim replay [<options>] [<gpx>]

        ARGUMENTS:
          <gpx>                   The GPX file to replay (or --scenario).

        OPTIONS:
          --format <format>       Output format. (values: text, jsonl; default: text)
          --scenario <name>       Replay a scenario: its track, its settings (flags
                                  given apply over them) and strictly its cassette.
          --distance-filter <m|none>
                                  Metres the device must move from the previously
                                  delivered fix before the next is delivered. (default:
                                  3000)
          --accuracy <accuracy>   desiredAccuracy: best-for-navigation, best,
                                  nearest-ten-meters, hundred-meters, kilometer,
                                  three-kilometers, reduced, or metres. (default:
                                  kilometer)
          --seed <n>              Seed of the accuracy model's error sequence. (default:
                                  0)
          --no-noise              Report true positions (horizontalAccuracy is still the
                                  radius).
          --noise <model>         Error model: correlated in time (varying
                                  horizontalAccuracy), or white (independent per fix).
                                  (values: correlated, white; default: correlated)
          --region <id=lat,lon,m> Monitor a circular region: region_enter/region_exit
                                  events (at most 20).
          --event <t=kind>        Something that happens at t seconds:
                                  authorization-denied (or -always, -when-in-use,
                                  -restricted, -not-determined), precise-location-off
                                  (-on), background, foreground, location-services-off
                                  (-on).
          --interval <s>          Seconds between interpolated fixes; 0 replays the
                                  points only. (default: 1)
          --speed <m/s>           Speed for points without times. (default: 20)
          --max-gap <s>           A longer gap between points is a pause: no
                                  interpolation, the clock jumps. (default: 600)
          --strict                Treat the GPX reader's warnings (repaired times,
                                  skipped points) as errors.
          --source <kind>         Replay these points (default: trk, else rte, else
                                  wpt). (values: wpt, rte, trk)
          --loop <n>              Play the track n times. (default: 1)
          --loop-mode <mode>      Between laps: restart (jump back) or return (drive
                                  back to the first point at --speed). (values: restart,
                                  return; default: restart)
          --significant-change    Significant-change mode: ≥ 500 m and ≥ 5 min between
                                  updates.
          --authorization <status>
                                  Authorization status the app has. (values:
                                  not-determined, restricted, denied, always,
                                  when-in-use; default: always)
          --geocoder <geocoder>   Reverse geocoder. (values: offline, nominatim, none;
                                  default: offline)
          --geocode-limit <n/s>   Apple's throttle: n granted requests per s seconds
                                  (default 50/60; none with nominatim).
          --geocode-latency <s>   Virtual seconds a reverse geocode takes. (default: 0)
          --geocode-overlap <policy>
                                  A request issued while another is pending. (values:
                                  cancel, queue, parallel; default: cancel)
          --geocode-min-interval <s>
                                  Client policy: seconds between requests. (default: 0)
          --geocode-cache-radius <m>
                                  Client policy: reuse the last place within m metres.
                                  (default: 0)
          --placemark <naming>    Names in LOCATION_AVAILABLE: CLPlacemark's, or also
                                  MapKit's (iOS 26). (values: clgeocoder, mapkit;
                                  default: clgeocoder)
          --providers <list>      Comma list of registered providers (aeris, xweather,
                                  nws, nws-zone, owm-umbrella, owm-conditions,
                                  owm-forecast, owm-onecall, weatherkit, google-legacy,
                                  or your own), or none. (default: aeris)
          --advisory <rule>       Which advisories are posted. (values: last,
                                  most-severe, all; default: last)
          --advisory-lifecycle <mode>
                                  seed: every listed advisory is new; cap: CAP updates,
                                  cancels and expiry on the virtual clock. (values:
                                  seed, cap; default: seed)
          --xweather-query <action>
                                  Xweather /alerts by the geocoded place or by the
                                  closest point. (values: place, closest; default:
                                  place)
          --no-push               Do not run the push controller.
          --push-endpoint <parse=url>
                                  Also POST each push to Parse, or to APNs (apns=url,
                                  with --bundle-id), at url.
          --bundle-id <id>        The app's bundle id: the apns-topic of APNs pushes,
                                  the app --drive and export apns push to.
          --base-url <key=url>    Override a base URL (aeris, xweather, nws, owm,
                                  owm-onecall, weatherkit, google, nominatim, parse,
                                  apns, or a provider's own).
          --cassettes <dir>       Replay HTTP from any cassette under dir. (default:
                                  Recordings)
          --cassette <file>       Replay HTTP strictly from this cassette.
          --live                  Call the live providers (keys from the environment).
          --record <file>         With --live: record every HTTP interaction into file.
          --mode <mode>           Record mode (forced to none when CI is set). (values:
                                  none, once, new-episodes, all)
          --http-timeout <s>      Seconds one live HTTP request may take in all
                                  (connect, headers and body). (default: 30)
          --max-body-mib <n>      The largest HTTP body read, live or from a cassette,
                                  in MiB. (default: 64)
          --realtime              Pace the virtual clock against the wall clock.
          --rate <x>              With --realtime: x times faster than real time.
                                  (default: 1)
          --map <file.svg>        Also draw the replay as an SVG map.
          --context <list>        Background geography under the map, a comma list of
                                  coast, borders (countries) and states (states and
                                  provinces; North America and Japan), or all (Natural
                                  Earth, public domain). (default: none)
          --drive <simctl[:device]|devicectl:device>
                                  With --realtime: also set the Simulator's location per
                                  raw fix and send each push (device default: booted),
                                  or a connected iOS 17+ device's (no pushes).
          -h, --help              Show help information.


        """
}
