import Foundation
import LocSimCLI
import Testing

/// `replay` on messy GPX: warnings on stderr, `--strict`, `--max-gap`, and a failure part-way
/// that ends the JSONL transcript with `replay_error`.
@Suite struct ReplayCommandRepairTests {
    /// Four timed points; the second steps back 5 s, and the file is truncated after the fourth.
    static let steppedBack = CLIFixture.gpx(
        """
        <trk><trkseg>
        <trkpt lat="29.1" lon="-91.5"><time>2024-01-01T00:00:10Z</time></trkpt>
        <trkpt lat="29.2" lon="-91.5"><time>2024-01-01T00:00:05Z</time></trkpt>
        <trkpt lat="29.3" lon="-91.5"><time>2024-01-01T00:01:05Z</time></trkpt>
        <trkpt lat="29.4" lon="-91.5"><time>2024-01-01T00:02:05Z</time></trkpt>
        </trkseg></trk>
        """)

    static let arguments = ["--format", "jsonl", "--providers", "none", "--interval", "0", "--distance-filter", "none"]

    @Test func warningsGoToStderrAndStrictMakesThemErrors() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.steppedBack, to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx"] + Self.arguments)
        #expect(outcome.status == .success)
        #expect(outcome.stderr.hasPrefix("t.gpx:"))
        #expect(outcome.stderr.contains(": warning: 1 point stepped back in time (by 5 s); dropped\n"))
        let strict = fixture.run(["replay", "t.gpx", "--strict"] + Self.arguments)
        #expect(strict.status == .dataError)
        #expect(
            strict.stderr.contains(
                "error: <time> 2024-01-01T00:00:05Z is 5 s earlier than the previous point's 2024-01-01T00:00:10Z"))
    }

    @Test func aFailurePartWayEndsTheTranscriptInBand() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let truncated = Self.steppedBack.replacingOccurrences(of: "</trkseg></trk>", with: "")
            .replacingOccurrences(of: "</gpx>", with: "")
        try fixture.write(truncated, to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx"] + Self.arguments)
        #expect(outcome.status == .dataError)
        let last = try #require(outcome.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix(#"{"code":"invalid-input","event":"replay_error","message":"t.gpx:"#))
        #expect(outcome.stderr.contains("t.gpx:"))
    }

    @Test func maxGapMustBeANumberOfSeconds() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.steppedBack, to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--max-gap", "-1"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.hasPrefix("Error: The value '-1' is invalid for '--max-gap <s>'"))
    }
}
