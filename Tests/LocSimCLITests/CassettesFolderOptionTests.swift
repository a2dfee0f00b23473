import Foundation
import LocSimCLI
import Testing

/// `--cassettes DIR` is checked where it is read: a missing folder is a missing input (66) for
/// `serve` and `export` as for `replay` (serve answered from nothing, export went on), and
/// `serve --record` refuses it (64), as docs/serve.md says (it was silently ignored). Found by an
/// attack run.
@Suite struct CassettesFolderOptionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: [
        ["serve", "--cassettes", "no-such-folder", "--port", "0"],
        ["export", "Waypoints/franklin-la.gpx", "--to", "geojson", "--cassettes", "no-such-folder"],
        ["replay", "Waypoints/franklin-la.gpx", "--cassettes", "no-such-folder"],
    ])
    func aMissingFolderIsAMissingInput(arguments: [String]) {
        let run = CLIRun(arguments, in: Self.repository.path)
        #expect(run.status == .noInput, "\(run.stderr)")
        #expect(run.stderr.contains("no-such-folder: error: no such directory (--cassettes)"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func serveRecordRefusesAFolderOfCassettes() {
        let run = CLIRun(["serve", "franklin-la", "--record", "--cassettes", "Recordings"], in: Self.repository.path)
        #expect(run.status == .usage, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix(
                "Error: '--record' cannot be combined with '--cassettes <dir>': it records into one scenario or "
                    + "'--cassette <file>'.\n"))
    }
}

/// A `--host` that is no address is a usage error naming the option (it was 69, "cannot be
/// bound", without the option; found by an attack run).
@Suite struct ServeHostOptionTests {
    @Test(arguments: ["999.1.1.1", "example.com", "[::1"])
    func aHostThatIsNoAddressIsAUsageError(host: String) {
        let run = CLIRun(["serve", "--host", host, "--port", "0"], in: CassettesFolderOptionTests.repository.path)
        #expect(run.status == .usage, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix(
                "Error: The value '\(host)' is invalid for '--host <address>'. Expected an IPv4 or IPv6 address, "
                    + "or localhost.\n"))
    }
}
