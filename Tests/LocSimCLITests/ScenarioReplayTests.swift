import Foundation
import LocSimHTTPRecording
import Testing

@testable import LocSimCLI

/// `locsim replay --scenario NAME`, the default cassette pool's ownership rule, and misses
/// reported once with a count.
@Suite struct LocSimScenarioReplayTests {
    static let franklin = ReplayCommandServicesTests.franklin
    static let cassette = ReplayCommandServicesTests.cassette

    func scenario(_ extra: String = "") -> String {
        #"{"version": 1, "track": "franklin.gpx", "providers": ["aeris"]\#(extra)}"# + "\n"
    }

    @Test func aScenarioReplaysWithItsSettingsAndStrictlyItsCassette() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(scenario(#", "push": {"enabled": false}"#), to: "Recordings/demo/scenario.json")
        try fixture.write(Self.cassette, to: "Recordings/demo/cassette.json")
        let outcome = fixture.run(["replay", "--scenario", "demo", "--format", "jsonl"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        // push.enabled false: the advisory, but no push.
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE", "ADVISORY_AVAILABLE"])
    }

    @Test func scenarioRefusesATrackOrAnotherCassette() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(scenario(), to: "Recordings/demo/scenario.json")
        let withTrack = fixture.run(["replay", "franklin.gpx", "--scenario", "demo"])
        #expect(withTrack.status == .usage)
        #expect(withTrack.stderr.hasPrefix("Error: '--scenario <name>' replays the scenario's own track"))
        let withCassette = fixture.run(["replay", "--scenario", "demo", "--cassette", "x.json"])
        #expect(withCassette.status == .usage)
        let unknown = fixture.run(["replay", "--scenario", "dmeo"])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.contains("demo"))
    }

    /// The only scenario with this track and these settings answers a plain replay.
    @Test func theOneScenarioWithTheSameTrackAndSettingsAnswers() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(scenario(), to: "Recordings/demo/scenario.json")
        try fixture.write(Self.cassette, to: "Recordings/demo/cassette.json")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"])
        #expect(outcome.stderr == "")
        #expect(outcome.events.contains("ADVISORY_AVAILABLE"))
    }

    /// A scenario whose settings differ owns its cassette: it does not answer, and a note names it.
    @Test func aScenarioWithOtherSettingsDoesNotAnswer() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(
            #"{"version": 1, "track": "franklin.gpx", "providers": ["nws"]}"#, to: "Recordings/failure/scenario.json")
        try fixture.write(Self.cassette, to: "Recordings/failure/cassette.json")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"])
        #expect(outcome.events.last == "provider_error")
        #expect(
            outcome.stderr.hasPrefix(
                "note: franklin.gpx is the track of scenario failure, whose settings differ from this replay's; "
                    + "replay it with its settings and cassette: locsim replay --scenario failure\n"))
        #expect(
            outcome.stderr.contains("  searched: cassettes under Recordings (0 files; 1 other scenario's left out)\n"))
    }

    /// The only scenario of this track with these providers answers even when its engine settings
    /// differ (its places are where the requests differ, not how a place is asked about).
    @Test func theOnlyScenarioOfTheTrackWithTheseProvidersAnswers() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(scenario(#", "seed": 7"#), to: "Recordings/demo/scenario.json")
        try fixture.write(Self.cassette, to: "Recordings/demo/cassette.json")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"])
        #expect(outcome.stderr == "")
        #expect(outcome.events.contains("ADVISORY_AVAILABLE"))
    }

    /// Two scenarios with the same track and settings: neither answers (which one would be a guess).
    @Test func twoMatchingScenariosAreAmbiguous() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        for name in ["a-ok", "b-fails"] {
            try fixture.write(scenario(), to: "Recordings/\(name)/scenario.json")
            try fixture.write(Self.cassette, to: "Recordings/\(name)/cassette.json")
        }
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"])
        #expect(outcome.events.last == "provider_error")
        #expect(
            outcome.stderr.hasPrefix(
                "note: 2 scenarios replay franklin.gpx with settings like these (a-ok, b-fails), so none of their "
                    + "cassettes answers; choose one: locsim replay --scenario a-ok\n"))
    }

    /// A loose cassette (no scenario.json beside it) is in everyone's pool.
    @Test func aLooseCassetteStillAnswers() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(Self.cassette, to: "Recordings/shared/franklin.json")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"])
        #expect(outcome.stderr == "")
        #expect(outcome.events.contains("ADVISORY_AVAILABLE"))
    }

    /// Misses are printed once per distinct request, with a count, after the run; with
    /// `--scenario` the command to record them is `locsim record NAME`.
    @Test func missesAreReportedOnceWithACount() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // A day between the places: pauses, so the device is at each place and nowhere between.
        func place(_ name: String, _ coordinates: String, day: Int) -> String {
            "<wpt \(coordinates)><time>2024-05-0\(day)T12:00:00Z</time><name>\(name)</name></wpt>"
        }
        let franklin = #"lat="29.7960" lon="-91.5012""#
        let tempe = #"lat="33.4255" lon="-111.9400""#
        try fixture.write(
            CLIFixture.gpx(
                place("Franklin", franklin, day: 1) + place("Tempe", tempe, day: 2)
                    + place("Franklin", franklin, day: 3)),
            to: "franklin.gpx")
        try fixture.write(scenario(), to: "Recordings/demo/scenario.json")
        let outcome = fixture.run(["replay", "--scenario", "demo", "--format", "jsonl"])
        #expect(outcome.status == .success)
        #expect(outcome.events.filter { $0 == "provider_error" }.count == 3)
        #expect(
            outcome.stderr == """
                warning: no recorded interaction answers 3 requests (2 distinct):
                  2× GET https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>
                      closest: none (no recorded interactions were loaded)
                  1× GET https://api.aerisapi.com/advisories/tempe,az,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>
                      closest: none (no recorded interactions were loaded)
                  searched: Recordings/demo/cassette.json (no such file yet)
                  to record them: locsim record demo --mode new-episodes
                franklin.gpx:3:130: warning: 2 gaps between timed points longer than --max-gap 10 min (largest 1 d at 3:130); replay pauses there: no interpolation, the clock jumps

                """)
    }

    @Test func theTallyCapsTheDistinctRequestsShown() {
        func report(_ index: Int) -> UnmatchedRequestReport {
            UnmatchedRequestReport(
                request: HTTPRequest(url: "http://x/\(index)"), log: InteractionLog(), searched: "s", recordCommand: "c"
            )
        }
        var tally = MissTally()
        for index in 0..<10 { tally.add(report(index)) }
        tally.add(report(0))
        let text = tally.text() ?? ""
        #expect(
            text.hasPrefix(
                "no recorded interaction answers 11 requests (10 distinct):\n  2× GET http://x/0\n"
                    + "      closest: none (no recorded interactions were loaded)\n  1× GET http://x/1\n"))
        #expect(text.hasSuffix("  … and 2 more distinct request(s), 2 in all\n  searched: s\n  to record them: c"))
        #expect(MissTally().text() == nil)
    }

    @Test func valuesGetDidYouMean() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let format = fixture.run(["replay", "x.gpx", "--format", "json"])
        #expect(format.status == .usage)
        #expect(
            format.stderr.hasPrefix(
                "Error: The value 'json' is invalid for '--format <format>'. Please provide one of 'text' and "
                    + "'jsonl'. Did you mean 'jsonl'?\n"))
        let accuracy = fixture.run(["replay", "x.gpx", "--accuracy", "kilometre"])
        #expect(accuracy.status == .usage)
        #expect(accuracy.stderr.hasPrefix("Error: The value 'kilometre' is invalid for '--accuracy <accuracy>'. "))
        #expect(accuracy.stderr.contains(" Did you mean 'kilometer'?\n"))
    }
}
