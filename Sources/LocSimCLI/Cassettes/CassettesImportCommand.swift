import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioHarness
import LocSimSupport

/// `locsim cassettes import FILE.har (--scenario NAME | -o FILE) [--host H …]`: a HAR capture
/// (Proxyman, Charles, Safari, Chrome, Pulse, mattt/Replay …) becomes a cassette, redacted and
/// leak-checked exactly as a recording (docs/har.md).
enum CassettesImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Turn a HAR capture into a cassette, redacted as a recording is.",
        discussion: "Entries become interactions in the HAR's order. Only entries for the hosts the providers, "
            + "geocoders and push senders declare are kept, plus those named with --host (or all with --all-hosts). "
            + "Secrets are replaced by placeholders as 'locsim record' replaces them; a secret value from the "
            + "environment that survives is refused, naming the entry and the variable. Entries a cassette cannot "
            + "hold (WebSocket messages, images unless asked for, bodies the producer left out, no response) are "
            + "counted and listed. Bad input exits 65 and writes nothing. See docs/har.md.",
        arguments: [ArgumentSpec("har", help: "The HAR file to import.")],
        options: [
            .option(
                "--scenario", value: "name", help: "Write Recordings/<name>/cassette.json (the scenario must exist)."),
            .option("--output", short: "-o", value: "file", help: "Write the cassette to this file."),
            .option("--host", value: "host", help: "Also import entries for this host.", repeatable: true),
            .flag("--all-hosts", help: "Import entries for every host."),
            .flag("--include-images", help: "Import image responses too."),
            .flag("--force", help: "Replace an existing cassette file."),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let file = parsed.argument("har") ?? ""
        let output = try destination(parsed, context)
        let path = context.absolutePath(file)
        var hosts: Set<String>? = Set(context.app.endpoints.declarations.map(\.defaultHost))
        hosts?.formUnion(parsed.strings("--host").map { $0.lowercased() })
        if parsed.flag("--all-hosts") { hosts = nil }
        let redactor = Redactor(declarations: context.app.secrets, environment: context.environment)
        let options = HARImportOptions(
            hosts: hosts, includesImages: parsed.flag("--include-images"), redactor: redactor)
        let imported: HARImport
        do {
            imported = try HARReader.load(path, options: options)
        } catch {
            var shown = error
            shown.path = TerminalEscaping.escape(file)
            throw CommandFailure(error.kind == .missing ? .noInput : .dataError, TerminalText(lines: shown.description))
        }
        for place in imported.invalidUTF8 {
            context.diagnostics.warning("\(place): invalid UTF-8, each bad byte sequence imported as U+FFFD", at: file)
        }
        let leaks = imported.leaks(redactor)
        guard leaks.isEmpty else {
            throw CommandFailure(
                .dataError,
                "\(file): error: refusing to import: secret values survived redaction (nothing was written)"
                    + leaks.reduce("") { $0 + "\n  \($1)" })
        }
        var cassette = imported.cassette
        // A HAR locsim exported reads back as the cassette it was; any other's interactions are
        // marked imported (so `cassettes status --prune` keeps them) and the file gets its provenance.
        if !imported.creator.hasPrefix("locsim ") {
            for index in cassette.interactions.indices where cassette.interactions[index].origin == nil {
                cassette.interactions[index].origin = .import
            }
        }
        if cassette.comment == nil, !imported.creator.hasPrefix("locsim ") {
            let producer = imported.creator.isEmpty ? "" : " (\(imported.creator))"
            cassette.comment =
                "Imported from \((file as NSString).lastPathComponent)\(producer) by locsim cassettes import."
        }
        let (text, remaining) = redactor.checkedText(cassette)
        guard remaining.isEmpty else {
            throw CommandFailure(
                .dataError,
                "\(file): error: refusing to import: secret values survived redaction (nothing was written)"
                    + remaining.reduce("") { $0 + "\n  \($1)" })
        }
        // What is written must read back: a cassette no reader accepts never replaces one (--force).
        let cap = CassetteStore.maxFileBytes(forBodyCap: options.maxBodyBytes)
        guard text.utf8.count <= cap else {
            throw CommandFailure(
                .dataError,
                "\(file): error: refusing to import: the cassette would be \(describeByteCount(text.utf8.count)), "
                    + "larger than the \(describeByteCount(cap)) cassette cap (nothing was written); import fewer "
                    + "entries (--host)")
        }
        do throws(CassetteError) {
            _ = try Cassette.parse(utf8: Array(text.utf8), path: output.shown, maxBodyBytes: options.maxBodyBytes)
        } catch {
            throw CommandFailure(
                .dataError,
                "\(file): error: refusing to import: the cassette would not read back: \(error) "
                    + "(nothing was written)")
        }
        // A recorder's lock is taken for the write: a cassette `serve --record` or a live replay
        // records into is refused (75), not replaced under it (its next write put its own back).
        let lock = try recordingLock(for: output.path)
        defer { lock?.release() }
        do {
            // `-o` names the file (a FIFO or device is written in place); a scenario's cassette is
            // only ever a regular file.
            try AtomicFileWriter(createsDirectories: true, writesSpecialFilesInPlace: output.named).write(
                text, to: output.path)
        } catch {
            throw CommandFailure(.ioError, "\(output.shown): \(error)")
        }
        context.stdout.write(report(imported, file: file, output: output.shown))
        return .success
    }

    /// The cassette's ``CassetteLock``, as a recorder takes it; `nil` for a FIFO or device, or a
    /// file whose folder does not exist yet (no recorder can be writing there).
    private static func recordingLock(for path: String) throws -> CassetteLock? {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return nil }
        var isDirectory: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        do {
            return try CassetteLock.acquire(for: path)
        } catch let busy as CassetteLock.Busy {
            throw CommandFailure(.temporaryFailure, TerminalText(lines: busy.description))
        } catch {
            throw CommandFailure(.ioError, "\(error)")
        }
    }

    /// Where the cassette goes: `-o FILE`, or the cassette of an existing scenario.
    private static func destination(
        _ parsed: ParsedCommand, _ context: CommandContext
    ) throws -> (path: String, shown: String, named: Bool) {
        let scenario = parsed.string("--scenario")
        let file = parsed.string("--output")
        if scenario != nil, file != nil {
            throw parsed.usageError("'--scenario' and '--output' cannot be used together.")
        }
        let target: (path: String, shown: String, named: Bool)
        if let file {
            target = (context.absolutePath(file), file, true)
        } else if let scenario {
            let recordings = URL(fileURLWithPath: context.absolutePath("Recordings"))
            do throws(HarnessError) {
                let location = try Scenario.load(named: scenario, in: recordings, settings: context.app.settingsTable)
                    .location
                target = (location.cassetteURL.path, location.cassettePath, false)
            } catch {
                throw CommandFailure(ExitCode(rawValue: error.exitCode), TerminalText(lines: error.description))
            }
        } else {
            throw parsed.usageError("Say where the cassette goes: '--scenario <name>' or '--output <file>'.")
        }
        // Only a file can be replaced; a FIFO or device named with -o is written in place.
        var info = stat()
        if stat(target.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !parsed.flag("--force"),
            !isEmptyCassette(target.path)
        {
            throw CommandFailure(
                .dataError, "\(target.shown) exists; pass --force to replace it (nothing was written)")
        }
        return target
    }

    /// Whether the file at `path` is a cassette with no interactions (as `locsim scenario new`
    /// writes it): nothing to lose, so an import fills it without `--force`.
    static func isEmptyCassette(_ path: String) -> Bool {
        guard let cassette = try? CassetteStore.loadIfPresent(path) else { return false }
        return cassette.interactions.isEmpty
    }

    /// What was imported, where it went, and every entry left out.
    /// The HAR's creator, methods, URLs, encodings and hosts are outside text: interpolated
    /// into ``TerminalText``, their control characters (line feeds too) are shown, not sent.
    static func report(_ imported: HARImport, file: String, output: String) -> TerminalText {
        let count = imported.cassette.interactions.count
        let producer: TerminalText = imported.creator.isEmpty ? "" : " (\(imported.creator))"
        var text: TerminalText =
            "imported \(count) interaction\(count == 1 ? "" : "s") from \(file)\(producer) into \(output)\n"
        guard !imported.skipped.isEmpty else { return text }
        text += "skipped \(imported.skipped.count) entr\(imported.skipped.count == 1 ? "y" : "ies"):\n"
        var otherHosts: [String: Int] = [:]
        for entry in imported.skipped {
            if case .otherHost(let host) = entry.reason {
                otherHosts[host, default: 0] += 1
            } else {
                text += "  \(entry)\n"
            }
        }
        if !otherHosts.isEmpty {
            let total = otherHosts.values.reduce(0, +)
            let hosts = otherHosts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { "\($0.key) (\($0.value))" as TerminalText }
            let list = hosts.dropFirst().reduce(hosts.first ?? "") { $0 + ", " + $1 }
            text +=
                "  \(total) entr\(total == 1 ? "y" : "ies") for other hosts: \(list)"
                + " (add --host <host> or --all-hosts)\n"
        }
        return text
    }
}
