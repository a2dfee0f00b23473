import Foundation
import Testing

@testable import LocSimScenarioHarness

/// issue 24 item 2: the field diff shortens long values around the change; it must shorten the
/// redacted text, or a secret's prefix reaches stdout, JUnit and the GitHub annotations.
@Suite struct TestRunnerRedactionTests {
    static let secret = "Zq7Secret0123456789abcdefghijklmnop"
    static let padding = String(repeating: "w", count: 80)
    static let expected = #"{"event":"advisory","name":"\#(padding) \#(secret)-old"}"# + "\n"
    static let actual = #"{"event":"advisory","name":"\#(padding) \#(secret)-new"}"# + "\n"

    @Test func theFieldDiffShortensRedactedValuesInEveryOutput() throws {
        try withTemporaryDirectory { root in
            try writeFiles(
                [
                    "Recordings/s/scenario.json": scenarioJSON(),
                    "Recordings/s/expected.jsonl": Self.expected,
                ], in: root)
            var runner = TestRunner(
                recordingsDirectory: root.appendingPathComponent("Recordings"),
                executor: FakeExecutor(transcripts: ["s": Self.actual]), clock: FixedClock(),
                environment: ["GITHUB_ACTIONS": "true"])
            runner.redact = { $0.replacingOccurrences(of: Self.secret, with: "<AERIS_CLIENT_SECRET>") }
            let junit = root.appendingPathComponent("junit.xml")
            let report = try runner.run(TestOptions(junitFile: junit))
            let junitText = try readText(junit)
            #expect(report.output.contains("<AERIS_CLIENT_SECRET>-old"))
            for output in [report.output, junitText] {
                for start in 0...(Self.secret.count - 8) {
                    let piece = String(Self.secret.dropFirst(start).prefix(8))
                    #expect(!output.contains(piece), "\(piece)")
                }
            }
        }
    }
}
