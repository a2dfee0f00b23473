import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting
import Testing

/// `locsim record` end to end against a loopback server reached through `--base-url` (the
/// cassette keeps the scenario's own URLs).
@Suite struct RecordCommandTests {
    static let secrets = [
        "AERIS_CLIENT_ID": "e2eClientId42", "AERIS_CLIENT_SECRET": "e2eSecret/+=99",
        "NWS_USER_AGENT": "(locsim e2e, e2e@example.net)", "SOURCE_DATE_EPOCH": "1714521600",
    ]

    static let advisory =
        #"{"success":true,"error":null,"response":[{"id":"a1","details":{"type":"CF.Y","name":"Coastal Flood Advisory","body":"Minor coastal flooding.","loc":"LAZ052"},"timestamps":{"expiresISO":"2024-05-01T19:00:00-05:00"}}]}"#
    static let noData =
        #"{"success":true,"error":{"code":"warn_no_data","description":"Valid request. No results available based on your query parameters."},"response":[]}"#

    /// A scenario on the Franklin track whose `baseURLs` point at loopback (any port: cassettes
    /// ignore ports), so its offline replay matches what was recorded through `--base-url`.
    static func loopbackScenario() throws -> TemporaryRepository {
        let repository = try RepositoryFixture.copy([])
        return try removingIfThrows(repository.root) {
            let folder = repository.recordings.appendingPathComponent("loopback-franklin")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try repository.write(
                #"{"version": 1, "track": "Waypoints/franklin-la.gpx", "providers": ["aeris"], "baseURLs": {"aeris": "http://127.0.0.1:9"}}"#,
                "loopback-franklin", "scenario.json")
            return repository
        }
    }

    static func server(body: @escaping @Sendable () -> String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body().utf8)))
        }
    }

    @Test func recordsThroughABaseURLWritesNoSecretAndTheScenarioThenPasses() throws {
        let repository = try Self.loopbackScenario()
        defer { repository.remove() }
        let server = try Self.server { Self.advisory }
        defer { server.stop() }

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: Self.secrets)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                """
                recorded loopback-franklin: 1 interaction(s) live, 0 replayed from the previous cassette
                Recordings/loopback-franklin/cassette.json: 1 added, 0 removed, 0 changed, 0 unchanged
                  + GET http://127.0.0.1:9/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>
                Recordings/loopback-franklin/expected.jsonl: created

                """))
        #expect(
            server.requests.map(\.url).allSatisfy { $0.contains("client_id=e2eClientId42") },
            "live calls use the real keys")

        let cassette = try #require(repository.text("loopback-franklin", "cassette.json"))
        for name in ["AERIS_CLIENT_ID", "AERIS_CLIENT_SECRET"] {
            #expect(!cassette.contains(Self.secrets[name]!))
            #expect(cassette.contains("<\(name)>"))
        }
        #expect(cassette.contains(#""recordedAt" : "2024-05-01T00:00:00Z""#))
        let expected = try #require(repository.text("loopback-franklin", "expected.jsonl"))
        #expect(expected.contains(#""alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory""#))

        let test = CLIRun(["test"], in: repository.root.path, environment: ["CI": "true"])
        #expect(test.stdout == "PASS loopback-franklin\n1 passed, 0 failed\n")
    }

    @Test func reRecordingPrintsWhatChangedInTheCassetteAndTheTranscript() throws {
        let repository = try Self.loopbackScenario()
        defer { repository.remove() }
        let answer = Locked(Self.advisory)
        let server = try Self.server { answer.withLock { $0 } }
        defer { server.stop() }
        let arguments = ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"]
        #expect(CLIRun(arguments, in: repository.root.path, environment: Self.secrets).status == .success)

        let same = CLIRun(arguments + ["--mode", "new-episodes"], in: repository.root.path, environment: Self.secrets)
        #expect(same.status == .success)
        #expect(
            same.stdout == """
                recorded loopback-franklin: 0 interaction(s) live, 1 replayed from the previous cassette
                Recordings/loopback-franklin/cassette.json: unchanged
                Recordings/loopback-franklin/expected.jsonl: unchanged

                """)

        answer.withLock { $0 = Self.noData }
        let changed = CLIRun(
            arguments + ["--comment", "Recorded against a test server."], in: repository.root.path,
            environment: Self.secrets)
        #expect(changed.status == .success)
        let url =
            "http://127.0.0.1:9/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"
        #expect(
            changed.stdout.contains(
                """
                Recordings/loopback-franklin/cassette.json: 0 added, 0 removed, 1 changed, 0 unchanged
                  ~ GET \(url) (response body)
                  comment: none → "Recorded against a test server."
                Recordings/loopback-franklin/expected.jsonl: changed
                --- Recordings/loopback-franklin/expected.jsonl
                +++ recorded
                """))
        #expect(changed.stdout.contains("\n-{\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\""))
        #expect(
            changed.stdout.contains(
                "\n+{\"event\":\"no_advisory\",\"location\":\"Franklin, LA\",\"provider\":\"aeris\",\"t\":0.000}"))
        #expect(CLIRun(["test"], in: repository.root.path).status == .success)
    }

    @Test func aBaseURLOverrideRecordsUnderTheScenariosOwnURLs() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"], files: ["scenario.json"])
        defer { repository.remove() }
        let server = try Self.server { Self.advisory }
        defer { server.stop() }
        let run = CLIRun(
            ["record", "franklin-la", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: Self.secrets)
        #expect(run.status == .success)
        #expect(!run.stderr.contains("warning:"))
        #expect(server.requests.count == 1, "the request went to the loopback server")
        let cassette = try #require(repository.text("franklin-la", "cassette.json"))
        #expect(cassette.contains("https://api.aerisapi.com/advisories/franklin,la,us?"))
        #expect(!cassette.contains("127.0.0.1"))
        #expect(
            repository.text("franklin-la", "expected.jsonl")?.contains(
                "\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\"") == true)
        #expect(CLIRun(["test", "franklin-la"], in: repository.root.path).status == .success)
    }

    @Test func anUnreachableProviderExits69AndWritesNothing() throws {
        let repository = try Self.loopbackScenario()
        defer { repository.remove() }
        let port = try LoopbackHTTPServer.closedPort()
        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=http://127.0.0.1:\(port)"], in: repository.root.path,
            environment: Self.secrets)
        #expect(run.status == .unavailable)
        #expect(
            run.stderr.hasPrefix(
                "error: could not reach the provider (nothing was written):\n  127.0.0.1: connection refused"))
        #expect(!run.stderr.contains("e2eSecret"))
        #expect(repository.text("loopback-franklin", "cassette.json") == nil)
        #expect(repository.text("loopback-franklin", "expected.jsonl") == nil)
    }

    @Test func connectToRecordsUnderTheRealHost() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"], files: ["scenario.json"])
        defer { repository.remove() }
        let server = try Self.server { Self.advisory }
        defer { server.stop() }
        let run = CLIRun(
            ["record", "franklin-la", "--connect-to", "api.aerisapi.com=127.0.0.1:\(server.port)"],
            in: repository.root.path, environment: Self.secrets)
        #expect(run.status == .success, "\(run.stderr)")
        let cassette = try Cassette.parse(
            utf8: Array(try #require(repository.text("franklin-la", "cassette.json")).utf8), path: "cassette.json")
        #expect(cassette.interactions.map { URLParts($0.request.url).host } == ["api.aerisapi.com"])
        #expect(server.requests.count == 1)
    }

    @Test(arguments: [
        (["record", "franklin-la"], ["CI": "true"], "Error: refusing to record because CI is set"),
        (["record", "frankln-la"], [:], "Error: unknown scenario 'frankln-la'. Did you mean 'franklin-la'?"),
        (
            ["record", "franklin-la", "--connect-to", "api.aerisapi.com"], [:],
            "Error: The value 'api.aerisapi.com' is invalid for '--connect-to <host=addr:port>'."
        ),
        (
            ["record", "franklin-la", "--base-url", "aeriz=http://127.0.0.1:1"], [:],
            "Error: unknown base URL key 'aeriz'"
        ),
        (["record", "franklin-la", "--mode", "none"], [:], "Error: The value 'none' is invalid for '--mode <mode>'."),
    ])
    func refusalsAreUsageErrors(arguments: [String], environment: [String: String], prefix: String) {
        let run = CLIRun(arguments, in: RepositoryFixture.root.path, environment: environment)
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix(prefix), "\(run.stderr)")
        #expect(run.stderr.contains("\n  See 'locsim record --help' for more information.\n"))
    }

    @Test func anInvalidScenarioExits65() throws {
        let repository = try RepositoryFixture.copy([])
        defer { repository.remove() }
        try FileManager.default.createDirectory(
            at: repository.recordings.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try repository.write(#"{"version": 1, "track": "x.gpx", "seeed": 1}"#, "bad", "scenario.json")
        let run = CLIRun(["record", "bad"], in: repository.root.path)
        #expect(run.status == .dataError)
        #expect(run.stderr.contains("unknown key 'seeed' (did you mean 'seed'?)"))
    }
}
