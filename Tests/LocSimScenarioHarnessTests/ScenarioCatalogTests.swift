import Foundation
import LocSimScenarioHarness
import Testing

@Suite struct ScenarioCatalogTests {
    @Test func findsScenariosSortedByByteOrderAndOrphans() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                [
                    "Recordings/b-scenario/scenario.json": scenarioJSON(),
                    "Recordings/b-scenario/expected.jsonl": "",
                    "Recordings/B-upper/scenario.json": scenarioJSON(),
                    "Recordings/a-orphan/expected.jsonl": "",
                    "Recordings/c-orphan/cassette.json": "{}",
                    "Recordings/c-orphan/expected.jsonl": "",
                    "Recordings/notes/README.md": "not a scenario",
                    "Recordings/.hidden/scenario.json": scenarioJSON(),
                    "Recordings/loose.json": "{}",
                ], in: root)
            let catalog = try ScenarioCatalog.discover(in: root.appendingPathComponent("Recordings"))
            #expect(catalog.entries.map(\.name) == ["B-upper", "a-orphan", "b-scenario", "c-orphan"])
            #expect(catalog.scenarios.map(\.name) == ["B-upper", "b-scenario"])
            #expect(catalog.orphans.map(\.files) == [["expected.jsonl"], ["cassette.json", "expected.jsonl"]])
            #expect(catalog.orphans.first?.firstFilePath == "Recordings/a-orphan/expected.jsonl")
            #expect(catalog.root == root)
        }
    }

    @Test func selectsNamesAndPathsInSortedOrder() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                ["Recordings/alpha/scenario.json": scenarioJSON(), "Recordings/beta/scenario.json": scenarioJSON()],
                in: root)
            let catalog = try ScenarioCatalog.discover(in: root.appendingPathComponent("Recordings"))
            #expect(try catalog.select([]).map(\.name) == ["alpha", "beta"])
            #expect(try catalog.select(["beta", "Recordings/alpha/", "beta"]).map(\.name) == ["alpha", "beta"])
        }
    }

    @Test func unknownNameSuggestsTheClosest() throws {
        try withTemporaryDirectory { root in
            try writeFiles(["Recordings/franklin-la/scenario.json": scenarioJSON()], in: root)
            let catalog = try ScenarioCatalog.discover(in: root.appendingPathComponent("Recordings"))
            let error = try #require(throws: HarnessError.self) { try catalog.select(["franklin-al"]) }
            #expect(error == .unknownScenario(name: "franklin-al", suggestion: "franklin-la"))
            #expect(error.description == "unknown scenario 'franklin-al'. Did you mean 'franklin-la'?")
            #expect(error.exitCode == 64)
            #expect(throws: HarnessError.unknownScenario(name: "houston", suggestion: nil)) {
                try catalog.select(["houston"])
            }
        }
    }

    @Test func missingRecordingsDirectoryIsAnInputError() throws {
        try withTemporaryDirectory { root in
            let missing = root.appendingPathComponent("Recordings")
            let error = try #require(throws: HarnessError.self) { try ScenarioCatalog.discover(in: missing) }
            #expect(error == .recordingsDirectoryMissing(path: missing.path))
            #expect(error.exitCode == 66)
        }
    }
}
