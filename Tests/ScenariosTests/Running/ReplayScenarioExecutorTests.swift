import Foundation
import Harness
import LocSimCLI
import Scenarios
import Testing

@Suite struct ReplayScenarioExecutorTests {
    /// The command line and `scenario.json` go through the same settings: a replay with the
    /// equivalent flags prints exactly the scenario's golden transcript.
    @Test(arguments: [
        ("franklin-la", ["Waypoints/Generated/franklin-la-main-street.gpx", "--cassette", "Recordings/franklin-la/cassette.json"]),
        ("i10-throttle", ["Waypoints/Generated/i10-lafayette-dense.gpx", "--distance-filter", "none", "--providers", "none"]),
        ("authorization-denied", ["Waypoints/Generated/franklin-la-main-street.gpx", "--authorization", "denied"]),
        ("osaka", ["Waypoints/Generated/osaka.gpx", "--providers", "owm-umbrella", "--no-push", "--cassette", "Recordings/osaka/cassette.json"]),
    ])
    func replayWithTheSameFlagsPrintsTheGoldenTranscript(scenario: String, arguments: [String]) throws {
        let run = CLIRun(["replay", "--format", "jsonl"] + arguments, in: RepositoryFixture.root.path)
        #expect(run.status == .success, "\(run.stderr)")
        let expected = try Scenario.load(named: scenario, in: RepositoryFixture.recordings).expectedText()
        #expect(run.stdout == expected)
    }

    @Test func theReadmeDemoIsAnsweredByTheRecordings() throws {
        let run = CLIRun(
            ["replay", "--format", "jsonl", "Waypoints/Generated/franklin-la-main-street.gpx"], in: RepositoryFixture.root.path)
        #expect(run.status == .success)
        #expect(!run.stdout.contains("provider_error"))
        #expect(run.stdout.split(separator: "\n").last(where: { $0.contains("\"push\"") })?
            .contains("Weather Advisory for Franklin, LA:  Coastal Flood Advisory") == true)
    }

    @Test func aMissingTrackIsAnError() throws {
        let repository = try RepositoryFixture.copy(["tempe-az"])
        defer { repository.remove() }
        try repository.write(#"{"version": 1, "track": "Waypoints/nowhere.gpx"}"#, "tempe-az", "scenario.json")
        let scenario = try Scenario.load(named: "tempe-az", in: repository.recordings)
        #expect(throws: (any Error).self) { try scenario.run() }
    }
}
