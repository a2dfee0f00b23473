import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// Issue 24 item 11: litter a killed `locsim record` left in a scenario folder is removed by the
/// next command that writes there, a `--record` into the scenario's cassette included.
@Suite struct RecordLitterTests {
    /// A staging folder of a process that cannot exist (above any `pid_max`), with no `COMMIT`.
    static let litter = "Recordings/drive/.locsim-record-2147480000"

    /// A track, a scenario folder with an empty cassette, and a dead recorder's staging folder.
    static func scenarioWithLitter() throws -> CLIFixture {
        let fixture = try CLIFixture()
        return try removingIfThrows(URL(fileURLWithPath: fixture.directory)) {
            try fixture.write(
                CLIFixture.gpx("<wpt lat=\"29.811373\" lon=\"-91.527946\"></wpt>"), to: "Waypoints/one.gpx")
            try fixture.write("{\"interactions\":[],\"version\":1}\n", to: "Recordings/drive/cassette.json")
            try fixture.write("{}\n", to: litter + "/cassette.json")
            return fixture
        }
    }

    @Test func aRecordIntoTheScenariosCassetteRemovesAbandonedStaging() throws {
        let fixture = try Self.scenarioWithLitter()
        defer { fixture.remove() }
        let run = fixture.run([
            "replay", "Waypoints/one.gpx", "--providers", "none", "--no-push", "--live", "--record",
            "Recordings/drive/cassette.json",
        ])
        #expect(run.status == .success, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.directory + "/" + Self.litter))
    }

    @Test func aReplayThatDoesNotRecordLeavesTheFolderAlone() throws {
        let fixture = try Self.scenarioWithLitter()
        defer { fixture.remove() }
        let run = fixture.run([
            "replay", "Waypoints/one.gpx", "--providers", "none", "--no-push", "--cassette",
            "Recordings/drive/cassette.json",
        ])
        #expect(run.status == .success, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.directory + "/" + Self.litter))
    }
}
