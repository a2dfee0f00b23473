import Foundation
import LocSimScenarioHarness
import Testing

/// issue 19 item 9: a scenario's `track` never leaves the repository root, by `..` or by a
/// symbolic link.
@Suite struct ScenarioTrackContainmentTests {
    @Test(arguments: ["../../../../etc/passwd", "Waypoints/../../outside.gpx", "a/../.."])
    func dotDotComponentsAreRefusedNamingTheKey(track: String) throws {
        try withTemporaryDirectory { root in
            try writeFiles(["Recordings/a/scenario.json": scenarioJSON(track: track)], in: root)
            let error = try #require(throws: HarnessError.self) {
                try Scenario.load(named: "a", in: root.appendingPathComponent("Recordings"))
            }
            #expect(error.exitCode == 65)
            #expect(
                error.description
                    == "Recordings/a/scenario.json:1:25: error: 'track' must stay inside the repository root, got \"\(track)\""
            )
        }
    }

    @Test func aSymbolicLinkOutOfTheRootIsRefused() throws {
        try withTemporaryDirectory { root in
            try withTemporaryDirectory { outside in
                try writeFiles(["secret.gpx": "<gpx/>"], in: outside)
                try writeFiles(["Recordings/a/scenario.json": scenarioJSON(track: "Waypoints/x.gpx")], in: root)
                let waypoints = root.appendingPathComponent("Waypoints")
                try FileManager.default.createDirectory(at: waypoints, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: waypoints.appendingPathComponent("x.gpx").path,
                    withDestinationPath: outside.appendingPathComponent("secret.gpx").path)
                let error = try #require(throws: HarnessError.self) {
                    try Scenario.load(named: "a", in: root.appendingPathComponent("Recordings"))
                }
                #expect(error.exitCode == 65)
                #expect(
                    error.description
                        == "Recordings/a/scenario.json: error: 'track' must stay inside the repository root, "
                        + "but \"Waypoints/x.gpx\" resolves (through a symbolic link) to a file outside it")
            }
        }
    }

    @Test func aSymbolicLinkInsideTheRootIsFine() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                ["Recordings/a/scenario.json": scenarioJSON(track: "Waypoints/x.gpx"), "Tracks/real.gpx": "<gpx/>"],
                in: root)
            let waypoints = root.appendingPathComponent("Waypoints")
            try FileManager.default.createDirectory(at: waypoints, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: waypoints.appendingPathComponent("x.gpx").path, withDestinationPath: "../Tracks/real.gpx")
            let scenario = try Scenario.load(named: "a", in: root.appendingPathComponent("Recordings"))
            #expect(scenario.file.track == "Waypoints/x.gpx")
        }
    }
}
