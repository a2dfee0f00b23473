import Foundation
import LocSimCLI
import Testing

/// issue 24 item 10: one bad `scenario.json` under `Recordings/` no longer fails every plain
/// replay: a replay that does not use it warns and goes on; `locsim test` still fails on it.
@Suite struct InvalidScenarioReplayTests {
    @Test(arguments: [["--providers", "none"], []])
    func aPlainReplayWarnsAboutABrokenScenarioAndGoesOn(extra: [String]) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "franklin.gpx")
        try fixture.write(#"{"version": 1, "track": "#, to: "Recordings/broken/scenario.json")
        try fixture.write(#"{"version":1,"interactions":[]}"#, to: "Recordings/broken/cassette.json")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl"] + extra)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(#""event":"location""#))
        #expect(
            outcome.stderr.contains(
                "Recordings/broken/scenario.json: warning: not a valid scenario, so left out of this replay"),
            "\(outcome.stderr)")
        let test = fixture.run(["test", "broken"])
        #expect(test.status.rawValue == 65)
        #expect(test.stdout.contains("FAIL broken: invalid scenario"), "\(test.stdout)")
    }
}
