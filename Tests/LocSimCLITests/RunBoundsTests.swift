import Foundation
import LocSimCLI
import Testing

/// issue 19 item 10: an interval or loop count that would make a run take without bound is
/// refused on the command line and in `scenario.json` alike (one row of the settings table).
@Suite struct RunBoundsTests {
    @Test(arguments: ["1e-300", "0.001", "-1", "nan"])
    func aTooSmallIntervalIsAUsageError(value: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--interval", value])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr.hasPrefix(
                "Error: The value '\(value)' is invalid for '--interval <s>'. Expected 0 or a number of seconds ≥ 0.01."
            ))
    }

    @Test func theSmallestIntervalAndZeroAreAccepted() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        #expect(fixture.run(["replay", "t.gpx", "--interval", "0.01", "--providers", "none"]).status == .success)
        #expect(fixture.run(["replay", "t.gpx", "--interval", "0", "--providers", "none"]).status == .success)
    }

    @Test func aHugeLoopIsAUsageError() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--loop", "1000000000000"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr.hasPrefix(
                "Error: The value '1000000000000' is invalid for '--loop <n>'. Expected a whole number from 1 to 10000."
            ))
    }

    @Test func scenarioJSONIsCheckedByTheSameRows() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "Waypoints/t.gpx")
        try fixture.write(
            #"{"version": 1, "track": "Waypoints/t.gpx", "playback": {"interval": 1e-300, "loop": 1e12}}"#,
            to: "Recordings/a/scenario.json")
        try fixture.write("", to: "Recordings/a/expected.jsonl")
        let outcome = fixture.run(["test", "a"])
        #expect(outcome.status == .dataError)
        #expect(
            outcome.stdout.contains(
                "Recordings/a/scenario.json:1:69: error: 'playback.interval' must be 0 or a number of seconds ≥ 0.01, got 1e-300"
            ))
        #expect(
            outcome.stdout.contains(
                "Recordings/a/scenario.json:1:85: error: 'playback.loop' must be a whole number from 1 to 10000, got 1e12"
            ))
    }
}
