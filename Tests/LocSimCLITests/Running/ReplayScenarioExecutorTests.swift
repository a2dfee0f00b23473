import Foundation
import LocSimCLI
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimTesting
import Testing

@Suite struct ReplayScenarioExecutorTests {
    /// The command line and `scenario.json` go through the same settings: a replay with the
    /// equivalent flags prints exactly the scenario's golden transcript.
    @Test(arguments: [
        ("franklin-la", ["Waypoints/franklin-la.gpx", "--cassette", "Recordings/franklin-la/cassette.json"]),
        (
            "i10-throttle",
            ["Waypoints/Generated/i10-lafayette-dense.gpx", "--distance-filter", "none", "--providers", "none"]
        ),
        ("authorization-denied", ["Waypoints/franklin-la.gpx", "--authorization", "denied"]),
        (
            "permission-revoked-i10",
            [
                "Waypoints/houston-new-orleans-i10.gpx", "--authorization", "when-in-use", "--distance-filter", "10000",
                "--event", "1200=background", "--event", "3600=foreground", "--event", "5000=authorization-denied",
                "--cassette", "Recordings/permission-revoked-i10/cassette.json",
            ]
        ),
        (
            "osaka",
            [
                "Waypoints/osaka.gpx", "--providers", "owm-umbrella", "--no-push", "--cassette",
                "Recordings/osaka/cassette.json",
            ]
        ),
    ])
    func replayWithTheSameFlagsPrintsTheGoldenTranscript(scenario: String, arguments: [String]) throws {
        let run = CLIRun(["replay", "--format", "jsonl"] + arguments, in: RepositoryFixture.root.path)
        #expect(run.status == .success, "\(run.stderr)")
        let expected = try Scenario.load(named: scenario, in: RepositoryFixture.recordings).expectedText()
        #expect(run.stdout == expected)
    }

    /// `locsim replay Waypoints/<demo>.gpx` with every default (providers: aeris, cassettes: all
    /// of Recordings/) is answered by the recordings: no provider_error, and no failure scenario's
    /// cassette answers a demo first.
    @Test(arguments: [
        ("franklin-la", []), ("houston-new-orleans-i10", ["--distance-filter", "10000"]), ("tempe-az", []),
        ("buffalo-ny", []),
    ])
    func demoReplaysAreAnsweredByTheRecordings(demo: String, flags: [String]) throws {
        let run = CLIRun(
            ["replay", "--format", "jsonl", "Waypoints/\(demo).gpx"] + flags, in: RepositoryFixture.root.path)
        #expect(run.status == .success)
        #expect(!run.stdout.contains("provider_error"), "\(run.stdout)")
        #expect(run.stdout.contains("\"event\":\"LOCATION_AVAILABLE\""))
    }

    @Test func theReadmeDemoEndsWithTheCoastalFloodAdvisoryPush() throws {
        let run = CLIRun(["replay", "--format", "jsonl", "Waypoints/franklin-la.gpx"], in: RepositoryFixture.root.path)
        let last = try #require(run.stdout.split(separator: "\n").last)
        #expect(last.contains("\"event\":\"push\""))
        #expect(last.contains("\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\""))
    }

    @Test func aMissingTrackIsAnError() throws {
        let repository = try RepositoryFixture.copy(["tempe-az"])
        defer { repository.remove() }
        try repository.write(#"{"version": 1, "track": "Waypoints/nowhere.gpx"}"#, "tempe-az", "scenario.json")
        let scenario = try Scenario.load(named: "tempe-az", in: repository.recordings)
        #expect(throws: (any Error).self) { try scenario.run() }
    }
}
