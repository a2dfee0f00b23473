import Foundation
import LocSimScenarioHarness
import LocSimTesting
import Testing

/// A scenario named by the path of its folder elsewhere is that folder: it was looked up by its
/// last name under the current `Recordings/`, so `serve`, `replay --scenario` and `record` used
/// (and `record` would have re-recorded) another scenario's cassette (found by an attack run).
@Suite struct ScenarioPathTests {
    @Test func aPathToAScenarioFolderElsewhereIsThatFolder() throws {
        let here = try RepositoryFixture.copy(["franklin-la"])
        defer { here.remove() }
        let other = try RepositoryFixture.copy(["franklin-la"])
        defer { other.remove() }
        let text = try #require(other.text("franklin-la", "scenario.json"))
        try other.write(
            text.replacingOccurrences(of: #""description": ""#, with: #""description": "OTHER "#), "franklin-la",
            "scenario.json")

        let folder = other.recordings.appendingPathComponent("franklin-la").path
        let elsewhere = try Scenario.load(named: folder, in: here.recordings)
        #expect(elsewhere.file.description?.hasPrefix("OTHER ") == true)
        #expect(elsewhere.location.directory.standardizedFileURL.path == folder)
        #expect(FileManager.default.fileExists(atPath: elsewhere.trackURL.path))

        // The same folder named by a path under `recordings`, and a bare name, are the local one.
        let local = here.recordings.appendingPathComponent("franklin-la").path
        for name in [local, "franklin-la", "Recordings/franklin-la/"] {
            let scenario = try Scenario.load(named: name, in: here.recordings)
            #expect(scenario.file.description?.hasPrefix("OTHER ") == false, "\(name)")
        }
    }

    /// `locsim test PATH` (the command resolves a path first): a folder of these recordings is
    /// selected, another folder's scenario of the same name is refused, not taken for this one.
    @Test func testSelectsOnlyFoldersOfItsRecordings() throws {
        let here = try RepositoryFixture.copy(["franklin-la"])
        defer { here.remove() }
        let other = try RepositoryFixture.copy(["franklin-la"])
        defer { other.remove() }
        let catalog = try ScenarioCatalog.discover(in: here.recordings)
        let local = here.recordings.appendingPathComponent("franklin-la").path + "/"
        #expect(try catalog.select([local]).map(\.name) == ["franklin-la"])
        #expect(try catalog.select(["franklin-la"]).map(\.name) == ["franklin-la"])
        let elsewhere = other.recordings.appendingPathComponent("franklin-la").path
        #expect(throws: HarnessError.unknownScenario(name: elsewhere, suggestion: nil)) {
            try catalog.select([elsewhere])
        }
    }
}
