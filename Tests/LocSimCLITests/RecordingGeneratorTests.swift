import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimTesting
import Testing

/// The seed recordings are generated, not typed: the hand-written provider answers in
/// `ProviderBodies/` are served on loopback and `locsim record <scenario> --connect-to …` records
/// them under the real host names. These tests re-run that generator and require the committed
/// `Recordings/<scenario>/cassette.json` and `expected.jsonl` to be exactly what it writes, which
/// also tests record mode end to end (with secrets in the environment that must not reach a file).
///
/// The committed files are goldens (``GoldenFile``): to regenerate them after changing a body, a
/// scenario or the pipeline, `LOCSIM_WRITE_GOLDENS=1 swift test --filter RecordingGeneratorTests`
/// (never under CI; that run fails, saying what it wrote).
@Suite struct RecordingGeneratorTests {
    /// Secrets the generator runs with; none may appear in a written file.
    static let secrets = [
        "AERIS_CLIENT_ID": "generatorClientId7", "AERIS_CLIENT_SECRET": "generatorSecret/+9",
        "OWM_APPID": "generatorAppId3", "NWS_USER_AGENT": "(locsim recording generator, recordings@example.org)",
        "NOMINATIM_USER_AGENT": "locsim-generator/1.0 (nominatim@example.org)",
    ]
    /// `recordedAt` of every generated interaction: 2024-06-01T00:00:00Z.
    static let sourceDateEpoch = "1717200000"

    @Test(arguments: ProviderScript.scenarioNames())
    func committedRecordingIsWhatTheGeneratorRecords(scenario: String) throws {
        let script = try ProviderScript.load(scenario)
        let providers = try script.start()
        defer { providers.stop() }
        let repository = try RepositoryFixture.copy([scenario], files: ["scenario.json"])
        defer { repository.remove() }

        var environment = Self.secrets
        environment["SOURCE_DATE_EPOCH"] = Self.sourceDateEpoch
        let run = CLIRun(
            ["record", scenario, "--comment", script.comment] + providers.connectToArguments,
            in: repository.root.path, environment: environment)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")

        let cassette = try #require(repository.text(scenario, "cassette.json"))
        let expected = try #require(repository.text(scenario, "expected.jsonl"))
        for (name, value) in Self.secrets {
            #expect(!cassette.contains(value), "\(name) leaked into the cassette")
            #expect(!expected.contains(value), "\(name) leaked into the expectation")
        }
        #expect(!cassette.contains("127.0.0.1"), "recordings keep the real host names")
        #expect(providers.requests.allSatisfy { !$0.url.contains("<") }, "live requests carry the real secrets")

        let committed = RepositoryFixture.recordings.appendingPathComponent(scenario)
        for (name, text) in [("cassette.json", cassette), ("expected.jsonl", expected)] {
            if let problem = GoldenFile.problem(
                text, golden: committed.appendingPathComponent(name), filter: "RecordingGeneratorTests")
            {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }
}
