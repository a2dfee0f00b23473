import Foundation
import HTTPRecording
import LocSimSupport
import Replay
import ScenarioHarness

/// `locsim cassettes export CASSETTE|SCENARIO --to har [-o FILE]`: a cassette as a HAR 1.2 file
/// that Proxyman, Charles and the browsers open (docs/har.md).
enum CassettesExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a cassette as a HAR 1.2 file for Proxyman, Charles or a browser.",
        discussion: "Every field HAR 1.2 requires is written; timings locsim does not know are -1. Bodies are "
            + "text, or base64 when binary; placeholders stay placeholders. 'locsim cassettes import' reads the "
            + "file back into the same cassette. See docs/har.md.",
        arguments: [ArgumentSpec("cassette", help: "A cassette file, or a scenario name under Recordings.")],
        options: [
            .option("--to", value: "format", help: "The format to write.", values: ["har"], required: true),
            .option("--output", short: "-o", value: "file", help: "Write to this file (default: standard output)."),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let target = parsed.argument("cassette") ?? ""
        let (path, shown) = try cassettePath(target, context)
        let cassette: Cassette
        do {
            cassette = try CassetteStore.load(path)
        } catch {
            var named = error
            named.path = TerminalEscaping.escape(shown)
            throw CommandFailure(error.kind == .missing ? .noInput : .dataError, TerminalText(lines: named.description))
        }
        let text = HARWriter.text(cassette, creatorVersion: LocSim.version)
        guard let output = parsed.string("--output"), output != "-" else {
            context.stdout.write(TerminalText(lines: text))
            return .success
        }
        do {
            try AtomicFileWriter(createsDirectories: true).write(text, to: context.absolutePath(output))
        } catch {
            throw CommandFailure(.ioError, "\(output): \(error)")
        }
        return .success
    }

    /// The cassette file `target` names: a file, else the cassette of scenario `target`.
    private static func cassettePath(_ target: String, _ context: CommandContext) throws -> (String, String) {
        let path = context.absolutePath(target)
        if FileManager.default.fileExists(atPath: path) || target.contains("/") || target.hasSuffix(".json")
            || target.hasSuffix(".har")
        {
            return (path, target)
        }
        let recordings = URL(fileURLWithPath: context.absolutePath("Recordings"))
        do throws(HarnessError) {
            let location = try Scenario.load(named: target, in: recordings, settings: context.app.settingsTable)
                .location
            return (location.cassetteURL.path, location.cassettePath)
        } catch {
            throw CommandFailure(ExitCode(rawValue: error.exitCode), TerminalText(lines: error.description))
        }
    }
}
