import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimTesting
import Testing

/// `locsim cassettes import` and `locsim cassettes export --to har`, and a HAR given to `replay --cassette`.
@Suite struct CassettesHARCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/LocSimHTTPRecordingTests/HAR/Fixtures")
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/Help")
    static let secrets = ["AERIS_CLIENT_ID": "aerisLiveClientId01", "AERIS_CLIENT_SECRET": "aerisLiveSecret0001"]

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-har-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: ["import", "export"])
    func helpMatchesItsGolden(command: String) throws {
        let run = CLIRun(["cassettes", command, "--help"], in: Self.repository.path)
        #expect(run.status == .success)
        let golden = Self.goldens.appendingPathComponent("cassettes-\(command).txt")
        if let problem = GoldenFile.problem(run.stdout, golden: golden, filter: "CassettesHARCommandTests") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// A cassette another process records into (`serve --record` holds its lock) is refused
    /// with 75, even with `--force`: the import replaced it and the recorder's next write put its
    /// own back, the imported interactions lost (found by an attack run).
    @Test func importIntoACassetteBeingRecordedIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cassette = directory + "/cassette.json"
        let before = #"{"interactions":[],"version":1}"#
        try before.write(toFile: cassette, atomically: true, encoding: .utf8)
        let recorder = try CassetteLock.acquire(for: cassette)
        defer { recorder.release() }
        let run = CLIRun(
            ["cassettes", "import", Self.fixture("proxyman-aeris.har"), "-o", "cassette.json", "--force"],
            in: directory, environment: Self.secrets)
        #expect(run.status == .temporaryFailure, "\(run.stderr)")
        #expect(run.stderr.contains("is recording into this cassette"), "\(run.stderr)")
        #expect(try String(contentsOfFile: cassette, encoding: .utf8) == before)
        recorder.release()
        let after = CLIRun(
            ["cassettes", "import", Self.fixture("proxyman-aeris.har"), "-o", "cassette.json", "--force"],
            in: directory, environment: Self.secrets)
        #expect(after.status == .success, "\(after.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cassette + ".lock"))
    }

    @Test func importWritesARedactedCassetteAndListsWhatItLeftOut() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = CLIRun(
            ["cassettes", "import", Self.fixture("proxyman-aeris.har"), "-o", "out/cassette.json"], in: directory,
            environment: Self.secrets)
        #expect(run.status == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("imported 2 interactions from ") == true)
        #expect(lines.first?.hasSuffix("proxyman-aeris.har (Proxyman 5.19.0) into out/cassette.json") == true)
        #expect(
            lines.dropFirst()
                == [
                    "skipped 2 entries:",
                    "  log.entries[2] GET https://data.api.xweather.com/socket/alerts: WebSocket messages (a cassette holds HTTP exchanges only)",
                    "  1 entry for other hosts: api.mixpanel.com (1) (add --host <host> or --all-hosts)",
                ])
        let text = try String(contentsOfFile: directory + "/out/cassette.json", encoding: .utf8)
        #expect(!text.contains("aerisLiveClientId01") && !text.contains("aerisLiveSecret0001"))
        let cassette = try Cassette.parse(utf8: Array(text.utf8), path: "out")
        #expect(cassette.interactions.map(\.request.url).allSatisfy { $0.contains("client_id=<AERIS_CLIENT_ID>") })
        #expect(cassette.comment?.hasPrefix("Hand-written for locsim in the shape of a Proxyman 5.19 export") == true)

        let again = CLIRun(
            [
                "cassettes", "import", Self.fixture("proxyman-aeris.har"), "-o", "out/cassette.json", "--host",
                "api.mixpanel.com",
            ], in: directory)
        #expect(again.status == .dataError)
        #expect(again.stderr.contains("out/cassette.json exists; pass --force to replace it"))
        let forced = CLIRun(
            [
                "cassettes", "import", Self.fixture("proxyman-aeris.har"), "-o", "out/cassette.json", "--host",
                "api.mixpanel.com", "--force",
            ], in: directory)
        #expect(forced.status == .success)
        #expect(forced.stdout.hasPrefix("imported 3 interactions"))
    }

    @Test(arguments: [
        ("broken.har", "{\"log\": [", "broken.har:1:10: error: "),
        ("old.har", #"{"log":{"version":"1.1","entries":[]}}"#, "old.har: error: log.version: HAR version \"1.1\""),
        (
            "noscheme.har",
            #"{"log":{"version":"1.2","entries":[{"startedDateTime":"2024-01-01T00:00:00Z","request":{"method":"GET","url":"api.weather.gov/alerts","headers":[]},"response":{"status":200,"headers":[],"content":{"size":0,"mimeType":""}}}]}}"#,
            "noscheme.har: error: log.entries[0].request.url: 'api.weather.gov/alerts' has no scheme"
        ),
    ])
    func badInputExits65AndWritesNothing(name: String, text: String, message: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        let run = CLIRun(["cassettes", "import", name, "-o", "cassette.json"], in: directory)
        #expect(run.status == .dataError)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/cassette.json"))
        let missing = CLIRun(["cassettes", "import", "nothing.har", "-o", "cassette.json"], in: directory)
        #expect(missing.status == .noInput)
    }

    @Test func aSecretThatSurvivesIsRefusedNamingTheEntryAndVariable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let har = """
            {"log":{"version":"1.2","creator":{"name":"Charles Proxy","version":"4.6.3"},"entries":[
              {"startedDateTime":"2024-05-01T17:03:11Z","request":{"method":"GET","url":"https://api.aerisapi.com/a","headers":[]},
               "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/plain"}],"content":{"size":9,"mimeType":"text/plain","text":"id Zq81x"}}}]}}
            """
        try Data(har.utf8).write(to: URL(fileURLWithPath: directory + "/leaky.har"))
        let run = CLIRun(
            ["cassettes", "import", "leaky.har", "-o", "cassette.json"], in: directory,
            environment: ["AERIS_CLIENT_ID": "Zq81x"])
        #expect(run.status == .dataError)
        #expect(run.stderr.contains("leaky.har: error: refusing to import: secret values survived redaction"))
        #expect(run.stderr.contains("AERIS_CLIENT_ID appears raw at log.entries[0] (interaction 0).response.body"))
        #expect(!run.stderr.contains("Zq81x"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/cassette.json"))
    }

    @Test func importIntoAScenarioReplacesItsCassette() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = directory + "/Recordings/franklin-la"
        try FileManager.default.createDirectory(atPath: scenario, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository.path + "/Recordings/franklin-la/scenario.json", toPath: scenario + "/scenario.json")
        let run = CLIRun(
            ["cassettes", "import", Self.fixture("charles-nws.har"), "--scenario", "franklin-la"], in: directory)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("(Charles Proxy 4.6.3) into Recordings/franklin-la/cassette.json\n"))
        #expect(run.stdout.contains("the producer left the 5120-byte response body out (no content.text)"))
        let cassette = try CassetteStore.load(scenario + "/cassette.json")
        #expect(
            cassette.interactions.map(\.request.url) == ["https://api.weather.gov/alerts/active?point=29.8114,-91.5279"]
        )
        let unknown = CLIRun(
            ["cassettes", "import", Self.fixture("charles-nws.har"), "--scenario", "nowhere"], in: directory)
        #expect(unknown.status != .success)
        #expect(unknown.stderr.contains("nowhere"))
    }

    /// `scenario new` writes an empty cassette; importing a capture into that scenario fills it
    /// without `--force` (it said "exists; pass --force"), while a cassette with interactions
    /// still needs the flag.
    @Test func importFillsTheEmptyCassetteOfANewScenario() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/Waypoints", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository.path + "/Waypoints/franklin-la.gpx",
            toPath: directory + "/Waypoints/franklin-la.gpx")
        let created = CLIRun(
            ["scenario", "new", "nws-drive", "--track", "Waypoints/franklin-la.gpx", "--providers", "nws"],
            in: directory)
        #expect(created.status == .success, "\(created.stderr)")
        let arguments = ["cassettes", "import", Self.fixture("charles-nws.har"), "--scenario", "nws-drive"]
        let imported = CLIRun(arguments, in: directory)
        #expect(imported.status == .success, "\(imported.stderr)")
        #expect(imported.stdout.contains("into Recordings/nws-drive/cassette.json\n"))
        let again = CLIRun(arguments, in: directory)
        #expect(again.status == .dataError)
        #expect(again.stderr.contains("Recordings/nws-drive/cassette.json exists; pass --force to replace it"))
        #expect(CLIRun(arguments + ["--force"], in: directory).status == .success)
    }

    @Test func importNeedsOneDestination() {
        let neither = CLIRun(["cassettes", "import", "x.har"], in: Self.repository.path)
        #expect(neither.status == .usage)
        let both = CLIRun(
            ["cassettes", "import", "x.har", "-o", "a.json", "--scenario", "b"], in: Self.repository.path)
        #expect(both.status == .usage)
    }

    @Test func exportWritesHARThatImportsBackAndReplaysTheScenario() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stdout = CLIRun(["cassettes", "export", "franklin-la", "--to", "har"], in: Self.repository.path)
        #expect(stdout.status == .success, "\(stdout.stderr)")
        let document = try JSONValue.parse(stdout.stdout)
        #expect(document["log"]?["creator"]?["name"] == .string("locsim"))
        #expect(document["log"]?["creator"]?["version"] == .string(LocSim.version))
        let har = directory + "/franklin.har"
        let toFile = CLIRun(
            ["cassettes", "export", "Recordings/franklin-la/cassette.json", "--to", "har", "-o", har],
            in: Self.repository.path)
        #expect(toFile.status == .success)
        #expect(try String(contentsOfFile: har, encoding: .utf8) == stdout.stdout)

        let replay = CLIRun(
            ["replay", "Waypoints/franklin-la.gpx", "--cassette", har, "--format", "jsonl"], in: Self.repository.path)
        #expect(replay.status == .success, "\(replay.stderr)")
        let expected = try String(
            contentsOf: Self.repository.appendingPathComponent("Recordings/franklin-la/expected.jsonl"), encoding: .utf8
        )
        #expect(replay.stdout == expected)
    }

    @Test func aProxymanCaptureDrivesAReplayDirectly() {
        let replay = CLIRun(
            [
                "replay", "Waypoints/franklin-la.gpx", "--cassette", Self.fixture("proxyman-aeris.har"), "--format",
                "jsonl",
            ],
            in: Self.repository.path, environment: Self.secrets)
        #expect(replay.status == .success, "\(replay.stderr)")
        #expect(replay.stdout.contains(#""alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory""#))
    }

    /// A HAR is never recorded into, so a miss in one suggests importing it first, then recording
    /// into the cassette the import writes (it suggested `--record capture.har`, which is refused).
    @Test func aMissInAHARSuggestsImportingItBeforeRecording() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.fixture("proxyman-aeris.har"), toPath: directory + "/capture.har")
        try FileManager.default.createDirectory(atPath: directory + "/Waypoints", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository.path + "/Waypoints/franklin-la.gpx",
            toPath: directory + "/Waypoints/franklin-la.gpx")
        let replay = CLIRun(
            ["replay", "Waypoints/franklin-la.gpx", "--cassette", "capture.har", "--providers", "nws"],
            in: directory)
        #expect(replay.status == .success, "\(replay.stderr)")
        let suggestion =
            "to record it: locsim cassettes import capture.har -o capture.json && "
            + "locsim replay Waypoints/franklin-la.gpx --live --record capture.json --mode new-episodes\n"
        #expect(replay.stderr.contains(suggestion), "\(replay.stderr)")
        #expect(!replay.stderr.contains("--record capture.har"))
        let imported = CLIRun(["cassettes", "import", "capture.har", "-o", "capture.json"], in: directory)
        #expect(imported.status == .success, "\(imported.stderr)")
    }

    /// The `har-round-trip` recipe of docs/har.md, line by line, in a copy of the franklin-la scenario.
    @Test func docsRecipeRuns() throws {
        let docs = try String(contentsOf: Self.repository.appendingPathComponent("docs/har.md"), encoding: .utf8)
        let marker = try #require(docs.range(of: "<!-- journey: har-round-trip -->\n```sh\n"))
        let block = docs[marker.upperBound...]
        let end = try #require(block.range(of: "```"))
        let lines = block[..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = directory + "/Recordings/franklin-la"
        try FileManager.default.createDirectory(atPath: scenario, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/Waypoints", withIntermediateDirectories: true)
        for name in ["scenario.json", "cassette.json", "expected.jsonl"] {
            try FileManager.default.copyItem(
                atPath: Self.repository.path + "/Recordings/franklin-la/" + name, toPath: scenario + "/" + name)
        }
        try FileManager.default.copyItem(
            atPath: Self.repository.path + "/Waypoints/franklin-la.gpx",
            toPath: directory + "/Waypoints/franklin-la.gpx")
        var runs: [CLIRun] = []
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            #expect(words.first == "locsim")
            let run = CLIRun(Array(words.dropFirst()), in: directory)
            #expect(run.status == .success, "\(line): \(run.stderr)")
            runs.append(run)
        }
        let again = try String(contentsOfFile: directory + "/franklin-again.json", encoding: .utf8)
        #expect(again == (try String(contentsOfFile: scenario + "/cassette.json", encoding: .utf8)))
        #expect(
            runs[1].stdout
                == "imported 1 interaction from franklin.har (locsim \(LocSim.version)) into franklin-again.json\n")
        #expect(runs[2].stdout == (try String(contentsOfFile: scenario + "/expected.jsonl", encoding: .utf8)))
    }

    @Test func aCassetteWithoutACommentComesBackByteForByteThroughTheCommands() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: "https://api.weather.gov/alerts/active?area=LA"),
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/geo+json"], body: Array("{}".utf8)),
                recordedAt: "")
        ]).text()
        try Data(original.utf8).write(to: URL(fileURLWithPath: directory + "/c.json"))
        #expect(
            CLIRun(["cassettes", "export", "c.json", "--to", "har", "-o", "c.har"], in: directory).status == .success)
        let back = CLIRun(["cassettes", "import", "c.har", "-o", "back.json"], in: directory)
        #expect(back.status == .success, "\(back.stderr)")
        #expect(try String(contentsOfFile: directory + "/back.json", encoding: .utf8) == original)
    }

    @Test func exportOfABrokenCassetteExits65() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("{\"interactions\": [".utf8).write(to: URL(fileURLWithPath: directory + "/c.json"))
        let run = CLIRun(["cassettes", "export", "c.json", "--to", "har", "-o", "c.har"], in: directory)
        #expect(run.status == .dataError)
        #expect(run.stderr.contains("c.json:1:"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/c.har"))
    }
}
