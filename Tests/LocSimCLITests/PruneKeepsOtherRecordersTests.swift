import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting
import Testing

/// `cassettes status --prune` drops only what the replay recorded (issue 34 item 7): on every
/// repository scenario, an interaction recorded for the app (the recording session `serve
/// --record` builds, origin `serve`) and one `cassettes import` brought in survive, and one the
/// replay's own recorder made that nothing asks for is dropped.
@Suite struct PruneKeepsOtherRecordersTests {
    static let repository = CassettesStatusCommandTests.repository
    static let host = "https://app-only.locsim-test.invalid"

    static var scenarios: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repository.path + "/Recordings")) ?? []).filter {
            FileManager.default.fileExists(atPath: repository.path + "/Recordings/\($0)/scenario.json")
        }.sorted()
    }

    /// A copy of the scenario in a fresh repository folder, with its track.
    static func copy(_ name: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-prune-\(UUID().uuidString)")
        return try removingIfThrows(root) {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Recordings"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Recordings/\(name)"),
                to: root.appendingPathComponent("Recordings/\(name)"))
            let scenario = try JSONSerialization.jsonObject(
                with: Data(contentsOf: repository.appendingPathComponent("Recordings/\(name)/scenario.json")))
            let track = try #require((scenario as? [String: Any])?["track"] as? String)
            let target = root.appendingPathComponent(track)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appendingPathComponent(track), to: target)
            return root
        }
    }

    /// Records `path` into `cassette` live (a scripted transport) through a session with `origin`.
    static func record(_ path: String, into cassette: String, origin: InteractionOrigin?) throws {
        let url = host + path
        var options = RecordingOptions(
            live: true, recordPath: cassette, mode: .newEpisodes, recordedAt: { "2024-06-02T00:00:00Z" })
        options.origin = origin
        let session = try RecordingSession(
            options: options, liveTransport: ScriptedHTTPClient([url: .json(#"{"from":"\#(path)"}"#)]))
        _ = try session.client.send(HTTPRequest(url: url))
        try session.finish()
    }

    /// The interaction `cassettes import` makes of a capture from another tool.
    static func imported(in root: URL) throws -> HTTPInteraction {
        let har = #"""
            {"log":{"version":"1.2","creator":{"name":"Proxyman","version":"5.19.0"},"entries":[{
              "startedDateTime":"2024-06-03T00:00:00.000Z","time":1,
              "request":{"method":"GET","url":"\#(host)/imported","httpVersion":"HTTP/1.1","headers":[],
                "queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
              "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[
                {"name":"Content-Type","value":"application/json"}],"cookies":[],
                "content":{"size":2,"mimeType":"application/json","text":"{}"},"redirectURL":"",
                "headersSize":-1,"bodySize":2},
              "cache":{},"timings":{"send":0,"wait":0,"receive":0}}]}}
            """#
        try Data(har.utf8).write(to: root.appendingPathComponent("capture.har"))
        let run = CassettesStatusCommandTests.run(
            ["cassettes", "import", "capture.har", "--all-hosts", "-o", "imported.json"], in: root.path)
        #expect(run.status == .success, "\(run.stderr)")
        let cassette = try CassetteStore.load(root.appendingPathComponent("imported.json").path)
        return try #require(cassette.interactions.first)
    }

    @Test(arguments: scenarios)
    func pruneKeepsWhatTheAppRecordedAndWhatWasImported(scenario name: String) throws {
        let root = try Self.copy(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("Recordings/\(name)/cassette.json").path
        let original = try CassetteStore.loadIfPresent(path)?.interactions ?? []

        try Self.record("/asked-by-the-app", into: path, origin: .serve)
        try Self.record("/asked-by-nobody", into: path, origin: nil)
        var cassette = try CassetteStore.load(path)
        let imported = try Self.imported(in: root)
        #expect(imported.origin == .import)
        cassette.interactions.append(imported)
        try AtomicFileWriter().write(cassette.text(), to: path)
        let app = try #require(cassette.interactions.first { $0.request.url == Self.host + "/asked-by-the-app" })
        #expect(app.origin == .serve)
        #expect(cassette.text().contains(#""origin" : "serve""#))

        let run = CassettesStatusCommandTests.run(["cassettes", "status", name, "--prune"], in: root.path)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("  pruned 1 unused interaction\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "not asked by the replay, kept: interaction \(original.count) (GET \(Self.host)/asked-by-the-app) "
                    + "recorded by serve --record; interaction \(original.count + 2) (GET \(Self.host)/imported) "
                    + "recorded by cassettes import"), "\(run.stdout)")
        let pruned = try CassetteStore.load(path).interactions
        let expected = original + [app, imported]
        #expect(pruned.map(\.request.url) == expected.map(\.request.url))
        #expect(pruned.map(\.origin) == expected.map(\.origin))
        let same = pruned == expected
        #expect(same, "the kept interactions changed")
    }
}
