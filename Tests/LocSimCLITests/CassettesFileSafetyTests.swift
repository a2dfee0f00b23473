import Foundation
import LocSimCLI
import LocSimSupport
import Testing

/// issue 34 item 13: the cassette commands on odd paths and inputs — a FIFO in or out never
/// hangs, `-o ""` says what is wrong, an unnormalised scenario path works, a killed import's
/// temporaries go, invalid UTF-8 in a HAR is named.
@Suite struct CassettesFileSafetyTests {
    static func directory() throws -> String { try CassettesHARCommandTests.temporaryDirectory() }

    @Test func statusTakesAnUnnormalisedScenarioPath() throws {
        let root = try CassettesStatusCommandTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for spelling in [
            "./Recordings/./franklin-la", "Recordings/franklin-la/", "Recordings/../Recordings/franklin-la",
        ] {
            let run = CLIRun(["cassettes", "status", spelling], in: root)
            #expect(run.status == .success, "\(spelling): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Recordings/franklin-la/cassette.json"), "\(spelling): \(run.stdout)")
        }
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let har = CassettesHARCommandTests.fixture("proxyman-aeris.har")
        for arguments in [
            ["cassettes", "import", har, "-o", ""], ["cassettes", "export", har, "--to", "har", "-o", ""],
        ] {
            let run = CLIRun(arguments, in: directory)
            #expect(run.status == .usage, "\(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "Error: The value '' is invalid for '--output <file>'. Expected a path, not an empty string.\n"),
                "\(run.stderr)")
        }
    }

    @Test func aFIFOAsInputIsRefusedAtOnce() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/fifo.har", 0o600) == 0)
        let run = CLIRun(["cassettes", "import", "fifo.har", "-o", "out.json"], in: directory)
        #expect(run.status == .noInput, "\(run.stderr)")
        #expect(
            run.stderr
                == "fifo.har: error: is a FIFO, not a regular file (cassettes and HAR files are read from files)\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out.json"))
    }

    @Test func aFIFOThatNoOneReadsAsOutputFailsAtOnce() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/out.json", 0o600) == 0)
        let har = CassettesHARCommandTests.fixture("proxyman-aeris.har")
        let imported = CLIRun(["cassettes", "import", har, "-o", "out.json"], in: directory)
        #expect(imported.status == .ioError, "\(imported.stderr)")
        #expect(imported.stderr.contains("out.json: cannot write "), "\(imported.stderr)")
        #expect(imported.stderr.contains("no process reads this FIFO (nothing was written)"), "\(imported.stderr)")
        let exported = CLIRun(["cassettes", "export", har, "--to", "har", "-o", "out.json"], in: directory)
        #expect(exported.status == .ioError, "\(exported.stderr)")
        #expect(exported.stderr.contains("no process reads this FIFO"), "\(exported.stderr)")
    }

    /// A killed import left its temporary; the next import into the folder removes it.
    @Test func aKilledImportsTemporaryIsRemovedByTheNextOne() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        let stale = directory + "/out/.cassette.json.tmp-2147480000-0"
        try Data(repeating: UInt8(ascii: "x"), count: 4096).write(to: URL(fileURLWithPath: stale))
        let har = CassettesHARCommandTests.fixture("proxyman-aeris.har")
        let run = CLIRun(["cassettes", "import", har, "-o", "out/cassette.json"], in: directory)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out") == ["cassette.json"])
    }

    @Test func invalidUTF8InAHARIsNamedByEntryAndField() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bytes = Array(
            #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[{"startedDateTime":"2024-01-01T00:00:00.000Z","request":{"method":"GET","url":"https://api.aerisapi.com/x","headers":[{"name":"X-Note","value":"caf"#
                .utf8)
        bytes += [0xE9]
        bytes += Array(
            #""}]},"response":{"status":200,"headers":[],"content":{"size":2,"mimeType":"application/json","text":"{}"}}}]}}"#
                .utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/capture.har"))
        let run = CLIRun(["cassettes", "import", "capture.har", "--all-hosts", "-o", "out.json"], in: directory)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(
            run.stderr
                == "capture.har: warning: log.entries[0].request.headers[0].value: invalid UTF-8, each bad byte "
                + "sequence imported as U+FFFD\n")
    }
}
