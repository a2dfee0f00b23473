import Foundation
import Testing

@testable import LocSimCLI

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
        // 11 points 1 s apart: 10 virtual seconds, 5 wall seconds at ×2.
        #expect(outcome.stderr.contains("\r\u{1B}[Kt.gpx: 0.0 / 10.0 s virtual (×2), ETA 5 s"))
        #expect(outcome.stderr.contains("\r\u{1B}[Kt.gpx: 9.5 / 10.0 s virtual (×2), ETA 1 s"))
        #expect(outcome.stderr.hasSuffix("ETA 1 s\r\u{1B}[K"))
        #expect(outcome.stdoutLines.count == 1 + 2 * 11)
    }

    /// Without a known total the line shows the virtual time alone; past the total it stops there.
    @Test func theProgressTextWithAndWithoutATotal() {
        let output = MemoryOutput(isTerminal: true)
        #expect(
            ProgressLine(output: output, label: "x.gpx").text(virtualTime: 3.25, rate: 10)
                == "x.gpx: 3.3 s virtual (×10)")
        let line = ProgressLine(output: output, label: "x.gpx", total: 219)
        #expect(line.text(virtualTime: 38.2, rate: 10) == "x.gpx: 38.2 / 219.0 s virtual (×10), ETA 19 s")
        #expect(line.text(virtualTime: 300, rate: 10) == "x.gpx: 219.0 / 219.0 s virtual (×10), ETA 0 s")
    }

    /// With both streams in one pipe there is no progress line at all, and the summary comes
    /// after the last transcript line (stdout is flushed before stderr's end-of-run lines).
    @Test func aPipeGetsNoProgressLine() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 40), to: "t.gpx")
        let outcome = fixture.run(
            ["replay", "t.gpx", "--realtime", "--rate", "100", "--providers", "none"], clock: ManualWallClock())
        #expect(outcome.status == .success)
        #expect(!outcome.stderr.contains("virtual (×"))
        #expect(outcome.stderr.hasPrefix("replayed 3 points"))
    }
}
