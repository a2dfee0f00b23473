import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimLocationCore
import Testing

/// Issue 17 through `locsim replay`: CLLocation fields, laps, regions, warnings.
@Suite struct ReplayFidelityTests {
    static let offline = ["--providers", "none", "--geocoder", "none", "--format", "jsonl"]

    static func locations(_ outcome: RunOutcome) throws -> [[String: JSONValue]] {
        try outcome.stdoutLines.compactMap { line in
            guard case .object(let members) = try JSONValue.parse(line), members["event"] == .string("location")
            else { return nil }
            return members
        }
    }

    @Test func everyLocationCarriesTheCLLocationFields() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 20, spacing: 20, step: nil), to: "line.gpx")
        let outcome = fixture.run(["replay", "line.gpx", "--distance-filter", "none"] + Self.offline)
        #expect(outcome.status == .success)
        let fixes = try Self.locations(outcome)
        #expect(fixes.count > 10)
        for fix in fixes {
            #expect(fix["verticalAccuracy"] == .number("-1"))
            #expect(fix["speed"] == .number("20.00"))
            #expect(fix["speedAccuracy"] == .number("5"))
            #expect(fix["courseAccuracy"] == .number("30"))
            #expect(fix["timestamp"]?.stringValue?.hasPrefix("2001-01-01T00:00:") == true)
        }
    }

    @Test func lapsKeepTimestampsIncreasingAndReturnDrivesBack() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 10, spacing: 20, step: 1), to: "line.gpx")
        for mode in ["restart", "return"] {
            let outcome = fixture.run(
                ["replay", "line.gpx", "--loop", "3", "--loop-mode", mode, "--distance-filter", "none"] + Self.offline)
            #expect(outcome.status == .success)
            let stamps = try Self.locations(outcome).compactMap { $0["timestamp"]?.stringValue }
            #expect(stamps == stamps.sorted())
            #expect(Set(stamps).count == stamps.count)
            let courses = try Self.locations(outcome).compactMap { $0["course"] }
            // Only the return mode drives south, back to the start.
            #expect(courses.contains(.number("180.0")) == (mode == "return"))
        }
    }

    @Test func regionsReportStateThenCrossings() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 60, spacing: 50, step: 1), to: "line.gpx")
        let outcome = fixture.run(
            ["replay", "line.gpx", "--region", "start=29.7960,-91.5012,500", "--region", "far=10,10,100"]
                + Self.offline)
        #expect(outcome.status == .success)
        let regions = outcome.stdoutLines.filter { $0.contains("\"region_") }
        #expect(
            regions == [
                #"{"event":"region_state","identifier":"start","state":"inside","t":0.000}"#,
                #"{"event":"region_state","identifier":"far","state":"outside","t":0.000}"#,
                // 50 m/s: beyond 500 + 100 m from t = 13 (650 m), held 20 s.
                #"{"event":"region_exit","identifier":"start","t":33.000}"#,
            ])
    }

    @Test func ignoredSettingsAreWarnedAbout() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 20, step: 1), to: "line.gpx")
        let outcome = fixture.run(
            [
                "replay", "line.gpx", "--significant-change", "--distance-filter", "10", "--accuracy", "best",
                "--interval", "0.5",
            ] + Self.offline)
        #expect(outcome.status == .success)
        #expect(outcome.stderr.contains("warning: '--distance-filter' is ignored in significant-change mode"))
        #expect(outcome.stderr.contains("warning: '--accuracy' is ignored in significant-change mode"))
        #expect(outcome.stderr.contains("warning: '--interval 0.5' is below the 1 s"))
    }
}
