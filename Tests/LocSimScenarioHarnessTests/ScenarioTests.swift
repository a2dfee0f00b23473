import Foundation
import LocSimScenarioHarness
import LocSimSimulation
import Testing

@Suite struct ScenarioTests {
    let transcript =
        #"{"event":"authorization","status":3,"t":0.000}"# + "\n" + #"{"alert":"hi","event":"push","t":4.000}"# + "\n"

    @Test func loadsRunsAndComparesLikeAUserSuiteWould() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                [
                    "Recordings/franklin-la/scenario.json": scenarioJSON(track: "Waypoints/franklin-la.gpx"),
                    "Recordings/franklin-la/expected.jsonl": transcript,
                ], in: root)
            let recordings = root.appendingPathComponent("Recordings")
            let scenario = try Scenario.load(named: "franklin-la", in: recordings)
            #expect(scenario.name == "franklin-la")
            #expect(scenario.file.track == "Waypoints/franklin-la.gpx")
            #expect(scenario.trackURL == root.appendingPathComponent("Waypoints/franklin-la.gpx"))
            #expect(scenario.location.expectationPath == "Recordings/franklin-la/expected.jsonl")
            #expect(scenario.location.cassetteURL.lastPathComponent == "cassette.json")

            let result = try scenario.run(using: FakeExecutor(transcripts: ["franklin-la": transcript]))
            #expect(result.events(named: "push").map { $0.string("alert") } == ["hi"])
            #expect(result == (try scenario.expectedTranscript()))
            #expect(try scenario.expectedText() == transcript)
        }
    }

    @Test func writeExpectationReplacesTheFile() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                ["Recordings/a/scenario.json": scenarioJSON(), "Recordings/a/expected.jsonl": "old\n"], in: root)
            let scenario = try Scenario.load(named: "Recordings/a/", in: root.appendingPathComponent("Recordings"))
            try scenario.writeExpectation(transcript)
            #expect(try scenario.expectedText() == transcript)
            let files = try FileManager.default.contentsOfDirectory(atPath: scenario.location.directory.path)
            #expect(files.sorted() == ["expected.jsonl", "scenario.json"])
        }
    }

    @Test func loadErrorsNameTheProblem() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                [
                    "Recordings/franklin-la/scenario.json": scenarioJSON(),
                    "Recordings/broken/scenario.json": #"{"version":1}"#,
                ], in: root)
            let recordings = root.appendingPathComponent("Recordings")
            #expect(throws: HarnessError.unknownScenario(name: "frankln-la", suggestion: "franklin-la")) {
                try Scenario.load(named: "frankln-la", in: recordings)
            }
            // A recordings folder that does not exist is named as such, not as an unknown scenario
            // (found by an attack run on the library face: a test's recordings URL one level off
            // said "unknown scenario 'franklin-la'").
            let nowhere = root.appendingPathComponent("Tests/Recordings")
            #expect(throws: HarnessError.recordingsDirectoryMissing(path: nowhere.path)) {
                try Scenario.load(named: "franklin-la", in: nowhere)
            }
            let error = try #require(throws: HarnessError.self) { try Scenario.load(named: "broken", in: recordings) }
            #expect(error.exitCode == 65)
            #expect(
                error.description
                    == "Recordings/broken/scenario.json: error: missing required key 'track' (the GPX file, relative to the repository root)"
            )
        }
    }

    /// A track that is not there is named with where it was looked for (found by an attack run
    /// on the library face: a scenario folder copied without its track said only
    /// "Waypoints/a.gpx: error: no such file or directory").
    @Test func aMissingTrackSaysWhereItWasLookedFor() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                ["Tests/AppTests/Recordings/a/scenario.json": scenarioJSON(track: "Waypoints/a.gpx")], in: root)
            let scenario = try Scenario.load(named: "a", in: root.appendingPathComponent("Tests/AppTests/Recordings"))
            let folder = root.appendingPathComponent("Tests/AppTests").path
            #expect(
                scenario.missingTrack
                    == "Waypoints/a.gpx: error: no such file or directory (the track of Recordings/a/scenario.json, "
                    + "read from the folder that holds Recordings/: \(folder)/)")
            try writeFiles(["Tests/AppTests/Waypoints/a.gpx": "<gpx/>"], in: root)
            #expect(scenario.missingTrack == nil)
        }
    }

    @Test func displayPathsFallBackToAbsoluteOutsideTheRoot() {
        let location = ScenarioLocation(
            name: "x", recordingsDirectory: URL(fileURLWithPath: "/data/Recordings"),
            root: URL(fileURLWithPath: "/repo"))
        #expect(location.expectationPath == "/data/Recordings/x/expected.jsonl")
        #expect(
            ScenarioLocation(name: "x", recordingsDirectory: URL(fileURLWithPath: "/repo/Recordings")).displayPath()
                == "Recordings/x/")
    }
}

@Suite struct ScenarioExpectationTests {
    @Test func reportsCreatedUnchangedAndChanged() throws {
        try withTemporaryDirectory { root in
            try writeFiles(["Recordings/a/scenario.json": scenarioJSON()], in: root)
            let scenario = try Scenario.load(named: "a", in: root.appendingPathComponent("Recordings"))
            #expect(try scenario.updateExpectation(to: "one\n") == .created)
            #expect(try scenario.updateExpectation(to: "one\n") == .unchanged)
            let change = try scenario.updateExpectation(to: "two\n")
            #expect(
                change
                    == .changed(
                        UnifiedDiff(
                            old: "one\n", new: "two\n", oldLabel: "Recordings/a/expected.jsonl", newLabel: "recorded")))
            if case .changed(let diff) = change {
                #expect(diff.text == "--- Recordings/a/expected.jsonl\n+++ recorded\n@@ -1 +1 @@\n-one\n+two\n")
            }
            #expect(try scenario.expectedText() == "two\n")
        }
    }
}
