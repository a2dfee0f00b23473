import Foundation
import LocSimCLI
import Testing

@Suite struct RealtimePacerTests {
    /// `--realtime --rate 10` on a 100 s track sleeps 10 s in all (on the manual clock: nothing
    /// really sleeps), and every line is written only once its time has come.
    @Test func sleepsAddUpToTheVirtualDurationOverTheRate() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 101, spacing: 40), to: "t.gpx")
        let clock = ManualWallClock()
        let outcome = fixture.run(
            [
                "replay", "t.gpx", "--format", "jsonl", "--realtime", "--rate", "10", "--distance-filter", "1500",
                "--no-noise", "--providers", "none",
            ],
            clock: clock)
        #expect(outcome.status == .success)
        // The last event is at 76 s; pacing still covers the track's 100 s.
        #expect(outcome.times(of: "location") == ["0.000", "38.000", "76.000"])
        let total = clock.sleeps.reduce(Duration.zero, +)
        #expect(total == .seconds(10))
        #expect(clock.now() == .seconds(10))
        #expect(clock.sleeps == [.milliseconds(3800), .milliseconds(3800), .milliseconds(2400)])
        #expect(outcome.stderr == "")
    }

    @Test func withoutRealtimeNothingSleeps() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 20, spacing: 40), to: "t.gpx")
        let clock = ManualWallClock()
        let outcome = fixture.run(["replay", "t.gpx", "--format", "jsonl", "--providers", "none"], clock: clock)
        #expect(outcome.status == .success)
        #expect(clock.sleeps.isEmpty)
    }

    /// On a terminal a progress line shows the virtual time while waiting (redrawn at least every
    /// 250 ms of wall time) and is cleared before each transcript line and at the end.
    @Test func aTerminalShowsAProgressLine() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 11, spacing: 40), to: "t.gpx")
        let clock = ManualWallClock()
        let outcome = fixture.run(
            [
                "replay", "t.gpx", "--format", "jsonl", "--realtime", "--rate", "2", "--distance-filter", "none",
                "--no-noise", "--providers", "none",
            ],
            clock: clock, stderrIsTerminal: true)
        #expect(outcome.status == .success)
        #expect(clock.sleeps.reduce(Duration.zero, +) == .seconds(5))
        #expect(clock.sleeps.allSatisfy { $0 <= .milliseconds(250) })
        #expect(outcome.stderr.contains("\r\u{1B}[Kt.gpx: 0.0 s virtual (×2)"))
        #expect(outcome.stderr.contains("\r\u{1B}[Kt.gpx: 9.5 s virtual (×2)"))
        #expect(outcome.stderr.hasSuffix("(×2)\r\u{1B}[K"))
        #expect(outcome.stdoutLines.count == 1 + 2 * 11)
    }
}
