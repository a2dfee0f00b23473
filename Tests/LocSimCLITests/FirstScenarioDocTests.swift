import Foundation
import LocSimCLI
import Testing

/// docs/first-scenario.md works as written: every `locsim` line of its `sh` blocks runs, in
/// order, in a scratch folder holding the files it uses, and ends with the status it is marked
/// with (`# exit N`, else 0).
@Suite struct FirstScenarioDocTests {
    static let root = ReadmeQuotesTests.root

    /// (arguments, expected status) for every `locsim` command line of the walkthrough.
    static func commands() throws -> [(arguments: [String], status: Int32)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/first-scenario.md"), encoding: .utf8)
        var commands: [([String], Int32)] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("locsim ") else { continue }
            var command = Substring(line)
            var status: Int32 = 0
            if let mark = line.range(of: "# exit ") {
                status = Int32(line[mark.upperBound...].trimmingCharacters(in: .whitespaces)) ?? -1
                command = line[..<mark.lowerBound]
            }
            commands.append((command.split(separator: " ").dropFirst().map(String.init), status))
        }
        return commands
    }

    @Test func theWalkthroughRunsAsWritten() throws {
        let commands = try Self.commands()
        #expect(commands.count == 5)
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        for path in [
            "Waypoints/franklin-la.gpx", "docs/first-scenario-fixtures/api.aerisapi.com/advisories/franklin,la,us.json",
        ] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            try fixture.write(text, to: path)
        }
        var outputs: [String] = []
        for command in commands {
            let outcome = fixture.run(command.arguments)
            #expect(outcome.status.rawValue == command.status, "locsim \(command.arguments): \(outcome.stderr)")
            outputs.append(outcome.stdout + outcome.stderr)
        }
        #expect(outputs[0].contains("  locsim record my-first-drive --from-fixtures fixtures/my-first-drive\n"))
        #expect(
            outputs[1] == """
                error: my-first-drive needs 1 fixture file(s) (any extension; nothing was written):
                  my-fixtures/api.aerisapi.com/advisories/franklin,la,us.json

                """)
        #expect(outputs[2].contains("Recordings/my-first-drive/expected.jsonl: created\n"))
        #expect(outputs[3] == "PASS my-first-drive\n1 passed, 0 failed\n")
        #expect(outputs[4].contains("ADVISORY_AVAILABLE  Franklin, LA: Coastal Flood Advisory [aeris]"))
        // The secrets are placeholders as the doc and every committed cassette spell them, not
        // percent-encoded (`%3CAERIS_CLIENT_ID%3E`, what the provider sends without keys).
        let cassette = try #require(fixture.read("Recordings/my-first-drive/cassette.json"))
        #expect(
            cassette.contains(
                #""url" : "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&"#
                    + #"client_secret=<AERIS_CLIENT_SECRET>""#), "\(cassette)")
        #expect(outputs[2].contains("client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>\n"))
    }

    /// The doc's sample output is what the command prints.
    @Test func theDocShowsTheListingTheCommandPrints() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/first-scenario.md"), encoding: .utf8)
        #expect(text.contains("  my-fixtures/api.aerisapi.com/advisories/franklin,la,us.json\n"))
    }
}
