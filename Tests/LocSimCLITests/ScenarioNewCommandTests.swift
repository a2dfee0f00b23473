import Foundation
import LocSimCLI
import LocSimSettings
import Testing

/// `locsim scenario new`: every setting stated, an empty cassette with a comment, the next steps
/// (golden text), and no overwriting.
@Suite struct ScenarioNewCommandTests {
    @Test func scaffoldsAScenarioWithEverySettingStated() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "Waypoints/franklin.gpx")
        let outcome = fixture.run(
            ["scenario", "new", "my-drive", "--track", "Waypoints/franklin.gpx", "--providers", "aeris,nws"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        #expect(
            outcome.stdout == """
                created Recordings/my-drive/scenario.json (every setting stated) and Recordings/my-drive/cassette.json (empty)
                next, fill the cassette one of two ways:
                  1. record the providers live (keys from the environment: AERIS_CLIENT_ID, AERIS_CLIENT_SECRET, NWS_USER_AGENT):
                       locsim record my-drive
                  2. or build it from response bodies you have, one file per request (the names it needs are listed
                     when files are missing; see docs/first-scenario.md):
                       locsim record my-drive --from-fixtures fixtures/my-drive
                then check it offline:
                  locsim test my-drive

                """)
        let scenario = try #require(fixture.read("Recordings/my-drive/scenario.json"))
        for key in ReplaySettingSpec.all.compactMap(\.key) {
            let last = try #require(key.split(separator: ".").last)
            #expect(scenario.contains("\"\(last)\" :"), "\(key) is not stated")
        }
        #expect(scenario.contains("\"track\" : \"Waypoints/franklin.gpx\""))
        let cassette = try #require(fixture.read("Recordings/my-drive/cassette.json"))
        #expect(cassette.contains("\"comment\" : \"Empty: fill it with `locsim record my-drive`"))
        #expect(cassette.contains("\"interactions\" : []"))
        // It reads back: the scenario runs (and, with no expectation yet, says how to make one).
        let test = fixture.run(["test", "my-drive"])
        #expect(test.stdout.hasPrefix("FAIL my-drive: missing expectation Recordings/my-drive/expected.jsonl"))
    }

    @Test func refusesToOverwriteAndBadNames() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "Waypoints/franklin.gpx")
        try fixture.write("{}", to: "Recordings/taken/scenario.json")
        let again = fixture.run(["scenario", "new", "taken", "--track", "Waypoints/franklin.gpx"])
        #expect(again.status == .failure)
        #expect(again.stderr.hasPrefix("Recordings/taken/: error: already exists"))
        #expect(fixture.read("Recordings/taken/scenario.json") == "{}")
        let bad = fixture.run(["scenario", "new", "My Drive", "--track", "Waypoints/franklin.gpx"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.contains("(try 'my-drive')"))
        let missing = fixture.run(["scenario", "new", "x", "--track", "Waypoints/none.gpx"])
        #expect(missing.status == .noInput)
        let other = try CLIFixture()
        defer { other.remove() }
        try other.write(ReplayCommandServicesTests.franklin, to: "outside.gpx")
        let outside = fixture.run(["scenario", "new", "x", "--track", other.directory + "/outside.gpx"])
        #expect(outside.status == .usage)
        #expect(outside.stderr.contains("the track must be inside the repository"))
    }
}
