import Foundation
import LocSimCLI
import LocSimHTTPRecording
import Testing

/// The seed recordings are generated, not typed: the hand-written provider answers in
/// `ProviderBodies/` are served on loopback and `locsim record <scenario> --connect-to …` records
/// them under the real host names. These tests re-run that generator and require the committed
/// `Recordings/<scenario>/cassette.json` and `expected.jsonl` to be exactly what it writes, which
/// also tests record mode end to end (with secrets in the environment that must not reach a file).
///
/// To regenerate after changing a body, a scenario or the pipeline:
/// `LOCSIM_WRITE_RECORDINGS=1 swift test --filter RecordingGeneratorTests` (never under CI).
@Suite struct RecordingGeneratorTests {
    /// Secrets the generator runs with; none may appear in a written file.
    static let secrets = [
        "AERIS_CLIENT_ID": "generatorClientId7", "AERIS_CLIENT_SECRET": "generatorSecret/+9",
        "OWM_APPID": "generatorAppId3", "NWS_USER_AGENT": "(locsim recording generator, recordings@example.org)",
        "NOMINATIM_USER_AGENT": "locsim-generator/1.0 (nominatim@example.org)",
    ]
    /// `recordedAt` of every generated interaction: 2024-06-01T00:00:00Z.
    static let sourceDateEpoch = "1717200000"

    static var writesRecordings: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["LOCSIM_WRITE_RECORDINGS"] == "1" && (environment["CI"] ?? "").isEmpty
    }

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
        if Self.writesRecordings {
            try Data(cassette.utf8).write(to: committed.appendingPathComponent("cassette.json"), options: .atomic)
            try Data(expected.utf8).write(to: committed.appendingPathComponent("expected.jsonl"), options: .atomic)
            return
        }
        let committedCassette = FileManager.default.contents(
            atPath: committed.appendingPathComponent("cassette.json").path)
        let committedExpected = FileManager.default.contents(
            atPath: committed.appendingPathComponent("expected.jsonl").path)
        #expect(
            committedCassette.map { String(decoding: $0, as: UTF8.self) } == cassette,
            "Recordings/\(scenario)/cassette.json is stale: LOCSIM_WRITE_RECORDINGS=1 swift test --filter RecordingGeneratorTests"
        )
        #expect(
            committedExpected.map { String(decoding: $0, as: UTF8.self) } == expected,
            "Recordings/\(scenario)/expected.jsonl is stale: LOCSIM_WRITE_RECORDINGS=1 swift test --filter RecordingGeneratorTests"
        )
    }
}
