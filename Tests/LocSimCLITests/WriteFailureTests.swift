import Foundation
import LocSimCLI
import Testing

/// issue 24 item 8: one mapping of write failures to exit codes (74) across commands, and one
/// sentence naming the path instead of a Foundation error dump.
@Suite struct WriteFailureTests {
    @Test func scenarioNewNamesThePathInOneSentence() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "Waypoints/franklin.gpx")
        try fixture.write("a regular file where a folder should be", to: "Blocked")
        let outcome = fixture.run(
            ["scenario", "new", "my-drive", "--track", "Waypoints/franklin.gpx", "--recordings", "Blocked"])
        #expect(outcome.status.rawValue == 74)
        #expect(outcome.stderr.hasPrefix("Blocked/my-drive/: error: cannot create the folder: "), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("NSCocoaErrorDomain") && !outcome.stderr.contains("Error Domain"))
    }

    @Test func aCassetteThatCannotBeWrittenExits74LikeEveryOtherOutput() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "franklin.gpx")
        try fixture.write("a regular file", to: "Blocked")
        let record = fixture.run(
            ["replay", "franklin.gpx", "--live", "--record", "Blocked/cassette.json", "--mode", "new-episodes"])
        #expect(record.status.rawValue == 74, "\(record.stderr)")
        #expect(record.stderr.contains("Blocked/cassette.json"), "\(record.stderr)")
        // A full disk: /dev/full refuses every write with ENOSPC.
        let map = fixture.run(["replay", "franklin.gpx", "--map", "/dev/full"])
        #expect(map.status.rawValue == 74, "\(map.stderr)")
        #expect(map.stderr.contains("cannot write /dev/full: "), "\(map.stderr)")
    }
}
