import Foundation
import LocSimCLI
import Testing

/// issue 19 item 9 through the commands that run scenarios: a `track` outside the repository is
/// refused with exit 65 naming the key, by `test`, `record` and `export` alike.
@Suite struct ScenarioTrackEscapeTests {
    static let message =
        "Recordings/a/scenario.json:1:25: error: 'track' must stay inside the repository root, got \"../../../../etc/passwd\""

    @Test(arguments: [
        ["test", "a"], ["record", "a"], ["export", "a", "--to", "geojson"],
    ])
    func everyCommandRefusesATrackOutsideTheRepository(arguments: [String]) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(
            #"{"version": 1, "track": "../../../../etc/passwd"}"#, to: "Recordings/a/scenario.json")
        try fixture.write("", to: "Recordings/a/expected.jsonl")
        let outcome = fixture.run(arguments)
        #expect(outcome.status == .dataError)
        #expect((outcome.stdout + outcome.stderr).contains(Self.message))
    }
}
