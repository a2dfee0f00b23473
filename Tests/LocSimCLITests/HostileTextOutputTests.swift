import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// issue 34 item 9: outside text (file and folder names, URLs, a HAR's creator, methods,
/// encodings and hosts) reaches stdout and stderr only through `TerminalText`, so no command
/// sends its control characters to the terminal or lets a name start a line of its own.
@Suite struct HostileTextOutputTests {
    /// A name that sets the window title, clears the screen, and forges a line after a line feed.
    static let hostile = "bad\u{1B}]0;owned\u{07}\u{1B}[2J\r\u{9B}31m\nFORGED: valid"

    /// The control characters of `text` a terminal would obey: every C0 but the line feed, DEL, C1.
    static func controls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
    }

    /// Checks both streams of `run`: no control character, no line a name forged.
    static func expectSafe(_ run: CLIRun, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            #expect(
                controls(text) == [], "\(comment) \(stream): \(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(
                !text.split(separator: "\n").contains { $0.hasPrefix("FORGED") },
                "\(comment) \(stream): \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-tty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func validatePrintsAHostileFileNameOnItsOwnLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = Self.hostile + ".gpx"
        let bad = Self.hostile + "-broken.gpx"
        try FileManager.default.copyItem(
            atPath: RepositoryFixture.root.appendingPathComponent("Waypoints/osaka.gpx").path,
            toPath: directory + "/" + good)
        try Data("<gpx><trk><trkseg><trkpt lon=\"1\"/></trkseg></trk></gpx>".utf8).write(
            to: URL(fileURLWithPath: directory + "/" + bad))
        let valid = CLIRun(["validate", good], in: directory)
        #expect(valid.status == .success, "\(valid.stderr)")
        #expect(valid.stdout.hasPrefix(#"bad\e]0;owned\u{07}\e[2J\r\u{9B}31m\nFORGED: valid.gpx: valid"# + "\n"))
        Self.expectSafe(valid, "validate")
        let invalid = CLIRun(["validate", bad, "missing-" + Self.hostile + ".gpx"], in: directory)
        #expect(invalid.status != .success)
        #expect(invalid.stderr.contains(#"\nFORGED: valid-broken.gpx"#))
        Self.expectSafe(invalid, "validate (errors)")
        let json = CLIRun(["validate", good, "--format", "json"], in: directory)
        #expect(json.stdout.contains(#"\u001b]0;owned\u0007\u001b[2J\r\u009b31m\nFORGED: valid.gpx"#))
        Self.expectSafe(json, "validate --format json")
    }

    @Test func anErrorQuotingAPathShowsItEscaped() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in [
            ["replay", Self.hostile + ".gpx"], ["export", Self.hostile, "--to", "xcode-gpx"],
            ["cassettes", "import", Self.hostile + ".har", "-o", "x.json"], ["test", Self.hostile],
            ["cassettes", "status", Self.hostile], ["record", Self.hostile],
            ["replay", "--seed", Self.hostile, "x.gpx"],
        ] {
            let run = CLIRun(arguments, in: directory)
            #expect(run.status != .success)
            #expect(!run.stderr.isEmpty, "\(arguments)")
            Self.expectSafe(run, "\(arguments.prefix(2))")
        }
    }

    @Test func theImportReportShowsTheHARsTextEscaped() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func entry(_ method: String, _ url: String, encoding: String? = nil) -> [String: Any] {
            var content: [String: Any] = ["size": 2, "mimeType": "application/json", "text": "{}"]
            if let encoding { content["encoding"] = encoding }
            return [
                "startedDateTime": "2024-05-01T17:03:11.204Z", "time": 1,
                "request": [
                    "method": method, "url": url, "httpVersion": "HTTP/1.1", "headers": [], "queryString": [],
                    "cookies": [], "headersSize": -1, "bodySize": 0,
                ],
                "response": [
                    "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                    "content": content, "redirectURL": "", "headersSize": -1, "bodySize": 2,
                ],
                "cache": [:], "timings": ["send": 0, "wait": 1, "receive": 0],
            ]
        }
        let har: [String: Any] = [
            "log": [
                "version": "1.2", "creator": ["name": Self.hostile, "version": "1\u{1B}[5m"],
                "entries": [
                    entry("GET", "https://api.example.com/ok"),
                    entry("G\u{1B}[2J\nFORGED: T", "https://api.example.com/method"),
                    entry("GET", "https://api.example.com/encoding", encoding: "b\u{1B}[31m\nFORGED: enc"),
                    entry("GET", "https://other.example.com/" + Self.hostile),
                    entry("GET", "https://evil\u{1B}[8m.example.com/"),
                ],
            ]
        ]
        try JSONSerialization.data(withJSONObject: har).write(to: URL(fileURLWithPath: directory + "/capture.har"))
        let run = CLIRun(
            ["cassettes", "import", "capture.har", "-o", "out/cassette.json", "--host", "api.example.com"],
            in: directory)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains(#"(bad\e]0;owned\u{07}\e[2J\r\u{9B}31m\nFORGED: valid"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"G\e[2J\nFORGED: T"#), "\(run.stdout)")
        Self.expectSafe(run, "cassettes import")
    }

    @Test func statusAndTestShowHostileFolderNamesAndURLsEscaped() throws {
        let repository = try RepositoryFixture.copy(["tempe-az"])
        defer { repository.remove() }
        let manager = FileManager.default
        let name = "tempe\u{1B}[2J\nFORGED: PASS x"
        try manager.moveItem(
            at: repository.recordings.appendingPathComponent("tempe-az"),
            to: repository.recordings.appendingPathComponent(name))
        // An orphan cassette under a hostile folder, and an unused interaction with a hostile URL.
        let orphan = repository.recordings.appendingPathComponent("orphan\u{1B}]0;t\u{07}\nFORGED: orphan")
        try manager.createDirectory(at: orphan, withIntermediateDirectories: true)
        let cassette = repository.file(name, "cassette.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: cassette)) as! [String: Any]
        var interactions = json["interactions"] as! [[String: Any]]
        var extra = interactions[0]
        var request = extra["request"] as! [String: Any]
        request["url"] = "https://api.aerisapi.com/unused/\u{1B}[2J\u{9B}1m"
        extra["request"] = request
        interactions.append(extra)
        json["interactions"] = interactions
        try manager.copyItem(at: cassette, to: orphan.appendingPathComponent("cassette.json"))
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: cassette)

        let status = CLIRun(["cassettes", "status"], in: repository.root.path)
        #expect(
            status.stdout.contains(#"tempe\e[2J\nFORGED: PASS x/cassette.json"#), "\(status.stdout)\(status.stderr)")
        #expect(
            status.stdout.contains(#"orphan\e]0;t\u{07}\nFORGED: orphan/cassette.json: orphan"#), "\(status.stdout)")
        #expect(status.stdout.contains(#"/unused/\e[2J\u{9B}1m)"#), "\(status.stdout)")
        Self.expectSafe(status, "cassettes status")

        let test = CLIRun(["test", name], in: repository.root.path)
        #expect(test.stdout.hasPrefix(#"PASS tempe\e[2J\nFORGED: PASS x"# + "\n"), "\(test.stdout)\(test.stderr)")
        Self.expectSafe(test, "test")
        // A failure, with GitHub annotations: the `::error` line shows the name escaped too.
        try repository.write("", name, "expected.jsonl")
        let failing = CLIRun(["test", name], in: repository.root.path, environment: ["GITHUB_ACTIONS": "true"])
        #expect(failing.status != .success)
        #expect(failing.stdout.contains("::error file="), "\(failing.stdout)")
        Self.expectSafe(failing, "test (failing, GITHUB_ACTIONS)")
    }

    @Test func colourAndTheProgressLineAreTheOnlyControlsSent() throws {
        let repository = try RepositoryFixture.copy(["tempe-az"])
        defer { repository.remove() }
        let run = CLIRun(["test", "tempe-az", "nope\u{1B}[2J"], in: repository.root.path, stderrIsTerminal: true)
        let sent = run.stderr.replacing("\r\u{1B}[K", with: "").replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(Self.controls(sent) == [], "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains(#"nope\e[2J"#), "\(run.stderr.debugDescription)")
    }
}
