import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting
import Testing

/// `locsim cassettes status`: unused interactions (from an offline run), orphans, secrets, prune.
@Suite struct CassettesStatusCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let helpGolden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/Help/cassettes-status.txt")

    struct Run {
        var status: ExitCode
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Run {
        let stdout = MemoryOutput()
        let stderr = MemoryOutput()
        let context = CommandContext(
            stdout: stdout, stderr: stderr, environment: environment, currentDirectory: directory,
            clock: ManualWallClock())
        let status = LocSim.run(arguments: arguments, context: context)
        return Run(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// A repository with `Recordings/franklin-la` (its cassette plus one interaction nothing asks
    /// for, holding a real-looking key) and an orphan cassette.
    static func makeRepository() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-cassettes-\(UUID().uuidString)")
        let scenario = root.appendingPathComponent("Recordings/franklin-la")
        return try removingIfThrows(root) {
            try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Waypoints"), withIntermediateDirectories: true)
            let source = repository.appendingPathComponent("Recordings/franklin-la")
            for name in ["scenario.json", "expected.jsonl"] {
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent(name), to: scenario.appendingPathComponent(name))
            }
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Waypoints/franklin-la.gpx"),
                to: root.appendingPathComponent("Waypoints/franklin-la.gpx"))
            var cassette = try CassetteStore.load(source.appendingPathComponent("cassette.json").path)
            cassette.interactions.append(
                HTTPInteraction(
                    request: HTTPRequest(
                        url: "https://api.aerisapi.com/advisories/nowhere,la,us?client_id=abcd1234efgh"),
                    response: HTTPResponse(status: 200), recordedAt: "2023-01-01T00:00:00Z"))
            try Data(cassette.text().utf8).write(to: scenario.appendingPathComponent("cassette.json"))
            try Data(Cassette().text().utf8).write(to: root.appendingPathComponent("Recordings/stray.json"))
            return root.path
        }
    }

    @Test func helpMatchesItsGolden() throws {
        let run = Self.run(["cassettes", "status", "--help"], in: Self.repository.path)
        #expect(run.status == .success)
        if let problem = GoldenFile.problem(run.stdout, golden: Self.helpGolden, filter: "CassettesStatusCommandTests")
        {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// A scenario whose track is missing is a missing input (66) naming the track and the
    /// scenario; it ended as "internal error" (70; found by an attack run).
    @Test func aMissingTrackIsAMissingInput() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/Waypoints/franklin-la.gpx")
        let run = Self.run(["cassettes", "status"], in: root)
        #expect(run.status == .noInput)
        #expect(
            run.stderr
                == "Waypoints/franklin-la.gpx: error: no such file or directory "
                + "(the track of Recordings/franklin-la/scenario.json, read from the folder that holds Recordings/: "
                + "\(URL(fileURLWithPath: root).resolvingSymlinksInPath().path)/)\n", "\(run.stderr)")
    }

    @Test func statusListsUnusedOrphansAndSecretsAndCheckFails() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = Self.run(["cassettes", "status", "--check"], in: root)
        #expect(run.status == .failure, "\(run.stderr)")
        #expect(
            run.stdout == """
                Recordings/franklin-la/cassette.json: 2 interactions, recorded 2023-01-01T00:00:00Z to 2024-06-01T00:00:00Z
                  unused: interaction 1 (GET https://api.aerisapi.com/advisories/nowhere,la,us?client_id=abcd1234efgh)
                  secret-looking value, not a placeholder: interactions[1].request.query.client_id
                Recordings/stray.json: orphan: no scenario owns this cassette (0 interactions)
                3 problems found

                """)
    }

    @Test func pruneRemovesTheUnusedInteractionAndIsRefusedOnCI() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Recordings/franklin-la/cassette.json"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let refused = Self.run(["cassettes", "status", "--prune"], in: root, environment: ["CI": "true"])
        #expect(refused.status == .usage)
        #expect(refused.stderr.hasPrefix("Error: --prune is refused when CI is set"), "\(refused.stderr)")
        // A usage error is three lines, as every other (it was one line).
        #expect(refused.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 4, "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)

        let pruned = Self.run(["cassettes", "status", "franklin-la", "--prune"], in: root)
        #expect(pruned.status == .success)
        #expect(pruned.stdout.contains("  pruned 1 unused interaction\n"))
        let original = try String(
            contentsOfFile: Self.repository.path + "/Recordings/franklin-la/cassette.json", encoding: .utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        let again = Self.run(["cassettes", "status", "franklin-la", "--check"], in: root)
        #expect(again.status == .success)
        #expect(again.stdout.hasSuffix("no problems found\n"))
    }
}
