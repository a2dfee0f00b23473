import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioHarness
import LocSimSupport

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
        // What import would refuse is never written: the HAR's size is counted first (a pass
        // that keeps nothing), so a refusal leaves standard output and the file untouched.
        var size = 0
        HARWriter.write(cassette, creatorVersion: LocSim.version) { size += context.redactedForOutput($0).utf8.count }
        if let refusal = refusal(
            size: size, cap: HARReader.maxFileBytes(forBodyCap: Cassette.defaultMaxBodyBytes), shown: shown)
        {
            throw refusal
        }
        // Streamed an entry at a time: the HAR is never built in memory (docs/recordings.md, "Size caps").
        guard let output = parsed.string("--output"), output != "-" else {
            HARWriter.write(cassette, creatorVersion: LocSim.version) { context.stdout.write(TerminalText(lines: $0)) }
            return .success
        }
        do {
            // Redacted as standard output is: one redaction for every output.
            try AtomicFileWriter(createsDirectories: true, writesSpecialFilesInPlace: true).write(
                to: context.absolutePath(output)
            ) {
                (file: inout AtomicFileOutput) throws(AtomicWriteError) in
                try HARWriter.write(cassette, creatorVersion: LocSim.version) {
                    (piece: String) throws(AtomicWriteError) in
                    try file.write(context.redactedForOutput(piece).utf8)
                }
            }
        } catch {
            throw CommandFailure(.ioError, "\(output): \(error)")
        }
        return .success
    }

    /// The error for a HAR of `size` bytes over the HAR cap `cap`, or `nil` when it fits.
    static func refusal(size: Int, cap: Int, shown: String) -> CommandFailure? {
        guard size > cap else { return nil }
        return CommandFailure(
            .dataError,
            "\(shown): error: its HAR would be \(describeByteCount(size)), larger than the "
                + "\(describeByteCount(cap)) HAR cap of 'cassettes import' (\(HARReader.maxExpansion) times the "
                + "cassette cap); nothing was written. Split the cassette, or export fewer interactions")
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
