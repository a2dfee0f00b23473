import Foundation
import LocSimCLI
import LocSimGPX
import LocSimHTTPRecording
import LocSimScenarioHarness
import LocSimScenarioTesting
import LocSimSupport
import LocSimTesting
import Testing

/// issue 34 item 9 (library texts): a library message the CLI writes as lines
/// (`TerminalText(lines:)` keeps its line feeds) escapes every value it quotes — paths, URLs,
/// keys — line feeds included, so a path holding LF and ESC can neither forge a line nor send a
/// sequence; `ScenarioAssertion` escapes the path it writes to standard error.
@Suite struct HostileLibraryMessageTests {
    static let hostile = "bad\u{1B}[2J\nFORGED: valid"
    static let shown = #"bad\e[2J\nFORGED: valid"#

    /// One line, no control character, the hostile value shown escaped.
    static func expectOneSafeLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("\n"), "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(HostileTextOutputTests.controls(text) == [], "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(text.contains(shown), "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func libraryDescriptionsEscapeTheValuesTheyQuote() {
        Self.expectOneSafeLine(CassetteError(kind: .io, path: Self.hostile, reason: "cannot read").description)
        Self.expectOneSafeLine(
            CassetteError(kind: .shape, path: "x.json", reason: "headers.\(Self.hostile): expected a string")
                .description)
        Self.expectOneSafeLine(
            GPXDiagnostic(file: Self.hostile, line: 3, column: 1, code: .notANumber, message: "not a number")
                .description)
        Self.expectOneSafeLine(
            ScenarioFileError(file: Self.hostile, diagnostics: [.init(keyPath: nil, message: "unknown key")])
                .description)
        Self.expectOneSafeLine(CassetteLock.Busy(path: Self.hostile, lockPath: "x.lock", holder: 7).description)
        Self.expectOneSafeLine(CassetteLock.Refused(lockPath: Self.hostile, what: "it is a FIFO").description)
        Self.expectOneSafeLine(AtomicWriteError(path: Self.hostile, step: "rename failed", code: 5).description)
        Self.expectOneSafeLine(ScenarioAssertion.writtenNote("wrote", Self.hostile).dropLast().description)
        #expect(ScenarioAssertion.writtenNote("wrote", Self.hostile).hasSuffix("\n"))
        // A multi-line message keeps its own lines; each value in it stays on its line.
        let leak = RecordingError.secretLeak(
            path: Self.hostile, leaks: [SecretLeak(variable: "KEY", location: Self.hostile, form: "raw")]
        ).description
        #expect(leak.split(separator: "\n").count == 2, "\(leak.debugDescription)")
        #expect(HostileTextOutputTests.controls(leak) == [])
        #expect(!leak.split(separator: "\n").contains { $0.hasPrefix("FORGED") })
    }

    /// The CLI end to end: errors about a broken GPX or cassette with a hostile name, which the
    /// CLI writes as lines.
    @Test func replayErrorsAboutHostileFilesStayOnTheirLines() throws {
        let directory = try HostileTextOutputTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(
            atPath: RepositoryFixture.root.appendingPathComponent("Waypoints/franklin-la.gpx").path,
            toPath: directory + "/track.gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"x\"/></trkseg></trk></gpx>".utf8).write(
            to: URL(fileURLWithPath: directory + "/" + Self.hostile + ".gpx"))
        try Data("{\"version\": 1, \"interactions\": [".utf8).write(
            to: URL(fileURLWithPath: directory + "/" + Self.hostile + ".json"))
        for arguments in [
            ["replay", Self.hostile + ".gpx"], ["export", Self.hostile + ".gpx", "--to", "geojson"],
            ["replay", "track.gpx", "--cassette", Self.hostile + ".json"],
            ["cassettes", "export", Self.hostile + ".json", "--to", "har"],
        ] {
            let run = CLIRun(arguments, in: directory)
            #expect(run.status != .success, "\(arguments)")
            #expect(run.stderr.contains(Self.shown), "\(arguments): \(run.stderr.debugDescription)")
            HostileTextOutputTests.expectSafe(run, "\(arguments.prefix(2))")
        }
    }
}
