import Foundation
import LocSimCLI
import Testing

/// `locsim replay --event T=KIND`: scripted events in the transcript, a bad value, and an event
/// after the end of the drive.
@Suite struct ReplayCommandEventsTests {
    static let arguments = [
        "replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none", "--no-noise", "--providers", "none",
        "--geocoder", "none",
    ]

    @Test func aDenialABackgroundMoveAndAGrantShowInTheTranscript() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 30, spacing: 40), to: "t.gpx")
        let outcome = fixture.run(
            Self.arguments + [
                "--event", "20=authorization-always", "--event", "5=authorization-denied", "--event", "10.5=background",
                "--event", "25=precise-location-off",
            ])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.times(of: "location") == (Array(0..<5) + Array(20..<30)).map { "\($0).000" })
        let lines = outcome.stdoutLines.filter { !$0.contains(#""event":"location""#) }
        #expect(
            lines == [
                #"{"event":"authorization","name":"authorizedAlways","status":3,"t":0.000}"#,
                #"{"event":"authorization","name":"denied","status":2,"t":5.000}"#,
                #"{"code":1,"event":"location_error","message":"The operation couldn't be completed. (kCLErrorDomain error 1.)","t":5.000}"#,
                #"{"event":"application_state","state":"background","t":10.500}"#,
                #"{"event":"authorization","name":"authorizedAlways","status":3,"t":20.000}"#,
                #"{"accuracyAuthorization":"reducedAccuracy","event":"authorization","name":"authorizedAlways","status":3,"t":25.000}"#,
            ])
        let reduced = outcome.stdoutLines.filter { $0.contains(#""horizontalAccuracy":5000"#) }
        #expect(reduced.count == 5)
    }

    @Test func anUnknownKindIsAUsageErrorNamingTheOption() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--event", "10=asleep"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr.hasPrefix("Error: The value '10=asleep' is invalid for '--event <t=kind>'. Expected t=kind"))
    }

    @Test func anEventAfterTheEndFailsTheReplayAfterTheTranscript() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 30, spacing: 40), to: "t.gpx")
        let outcome = fixture.run(Self.arguments + ["--event", "100=authorization-denied"])
        #expect(outcome.status == .dataError)
        #expect(outcome.times(of: "location").count == 30)
        #expect(
            outcome.stderr.contains(
                "error: the event 100=authorization-denied (--event, events) is after the end of the drive at t=29.000")
        )
    }
}
