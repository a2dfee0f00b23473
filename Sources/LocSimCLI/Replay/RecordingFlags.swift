import Foundation
import HTTPRecording
import LocSimSupport
import LocationCore
import Replay

/// `--cassettes`, `--cassette`, `--live`, `--record`, `--mode`, `--http-timeout` and
/// `--max-body-mib`: where HTTP answers come from, and how long and large they may be.
enum RecordingFlags {
    static let options: [OptionSpec] = [
        .option(
            "--cassettes", value: "dir", help: "Replay HTTP from any cassette under dir.", default: "Recordings"),
        .option("--cassette", value: "file", help: "Replay HTTP strictly from this cassette.", repeatable: true),
        .flag("--live", help: "Call the live providers (keys from the environment)."),
        .option("--record", value: "file", help: "With --live: record every HTTP interaction into file."),
        .option(
            "--mode", value: "mode", help: "Record mode (forced to none when CI is set).",
            values: RecordMode.allCases.map(\.rawValue)),
        httpTimeoutOption,
        .option(
            "--max-body-mib", value: "n",
            help: "The largest HTTP body read, live or from a cassette, in MiB.", default: "64"),
    ]

    /// The `--max-body-mib` value in bytes (1…4096 MiB).
    static func maxBodyBytes(_ parsed: ParsedCommand) throws(UsageError) -> Int {
        try parsed.value("--max-body-mib", expected: "a whole number of MiB from 1 to 4096") { text in
            Int(text).flatMap { (1...4096).contains($0) ? $0 << 20 : nil }
        } ?? LiveHTTPClient.defaultMaxBodyBytes
    }

    /// `--http-timeout S`: the overall deadline of one live request (connect, headers, body).
    static let httpTimeoutOption = OptionSpec.option(
        "--http-timeout", value: "s",
        help: "With --live: seconds one HTTP request may take in all (connect, headers and body).",
        default: "30")

    /// The `--http-timeout` value: a number of seconds in 0.001…86400.
    static func httpTimeout(_ parsed: ParsedCommand) throws(UsageError) -> Double {
        try parsed.value("--http-timeout", expected: "a number of seconds from 0.001 to 86400") { text in
            Double(text).flatMap { $0 >= 0.001 && $0 <= 86_400 ? $0 : nil }
        } ?? LiveHTTPClient.defaultTimeout
    }

    /// A cassette problem, already worded compiler style (`Recordings/x/cassette.json:12:5: error: …`).
    struct Failure: Error {
        var exitCode: ExitCode
        var text: String
    }

    /// The usage checks the spec cannot express: `--http-timeout` is in range, `--mode` needs
    /// `--record`, and `--record` needs `--live` (unless `CI` forces mode `none`, which only replays).
    static func validate(_ parsed: ParsedCommand, environment: [String: String]) throws(UsageError) {
        _ = try httpTimeout(parsed)
        _ = try maxBodyBytes(parsed)
        if parsed.isSpecified("--mode"), !parsed.isSpecified("--record") {
            throw parsed.usageError("'--mode' requires '--record <file>'.")
        }
        if parsed.isSpecified("--record"), !parsed.flag("--live"),
            RecordMode.effective(.once, environment: environment) != RecordMode.none
        {
            throw parsed.usageError("'--record <file>' requires '--live'.")
        }
    }

    /// Opens the recording session the flags describe. Messages name files as they were typed.
    static func session(
        _ parsed: ParsedCommand, context: CommandContext, gpx: String
    ) throws(Failure)
        -> RecordingSessionHandle
    {
        let record = parsed.string("--record")
        let command =
            "locsim replay \(gpx) --live --record \(record ?? "Recordings/<name>/cassette.json") --mode new-episodes"
        let cassettes = parsed.strings("--cassette")
        let directory = parsed.string("--cassettes") ?? "Recordings"
        let paths = DisplayPaths(typed: [record].compactMap { $0 } + cassettes + [directory], context: context)
        var isDirectory: ObjCBool = false
        if parsed.isSpecified("--cassettes"), cassettes.isEmpty,
            !FileManager.default.fileExists(atPath: context.absolutePath(directory), isDirectory: &isDirectory)
                || !isDirectory.boolValue
        {
            throw Failure(exitCode: .noInput, text: "\(directory): error: no such directory (--cassettes)\n")
        }
        // Checked by `validate`.
        let timeout = (try? httpTimeout(parsed)) ?? LiveHTTPClient.defaultTimeout
        let maxBody = (try? maxBodyBytes(parsed)) ?? LiveHTTPClient.defaultMaxBodyBytes
        var options = RecordingOptions(
            live: parsed.flag("--live"),
            recordPath: record.map(context.absolutePath),
            mode: parsed.string("--mode").flatMap(RecordMode.init(argument:)),
            cassettePaths: cassettes.map(context.absolutePath),
            cassettesDirectory: context.absolutePath(directory),
            environment: context.environment,
            secrets: context.app.secrets,
            recordedAt: { ISO8601Timestamp.format(epochSeconds: Date().timeIntervalSince1970.rounded(.down)) ?? "" },
            recordCommand: command
        )
        options.maxBodyBytes = maxBody
        // `--base-url` sends requests to another server; the cassette keeps the provider's URL.
        var endpoints = context.app.endpoints
        for argument in parsed.strings("--base-url") {
            if let (key, url) = try? endpoints.parse(argument: argument) { try? endpoints.override([key: url]) }
        }
        if !endpoints.overridden.isEmpty { options.endpoints = endpoints }
        do {
            // Made on the first live request: an offline replay never sets up the HTTP engine.
            let live = DeferredHTTPClient {
                LiveHTTPClient(timeout: timeout, userAgent: "locsim/\(LocSim.version)", maxBodyBytes: maxBody)
            }
            let session = try RecordingSession(options: options, liveTransport: live)
            return RecordingSessionHandle(session: session, diagnostics: context.diagnostics, paths: paths)
        } catch {
            throw Failure(exitCode: error.exitCode, text: paths.display(error.report))
        }
    }
}

/// Absolute paths handed to the recording layer, mapped back to how the user typed them, so
/// messages read `Recordings/x/cassette.json`, the same on every machine.
struct DisplayPaths: Sendable {
    private let pairs: [(absolute: String, typed: String)]

    init(typed: [String], context: CommandContext) {
        pairs = typed.map { (context.absolutePath($0), $0) }
            .filter { $0.0 != $0.1 }
            .sorted { $0.0.count > $1.0.count }
    }

    /// `text` with every absolute path replaced by its typed form.
    func display(_ text: String) -> String {
        pairs.reduce(text) { $0.replacing($1.absolute, with: $1.typed) }
    }
}

/// An open recording session: its client, and `finish` that writes the cassette.
struct RecordingSessionHandle {
    let session: RecordingSession
    /// The session's client, reporting unrecorded requests in full on stderr.
    let client: any HTTPClient
    let paths: DisplayPaths

    init(session: RecordingSession, diagnostics: Diagnostics, paths: DisplayPaths) {
        self.session = session
        self.paths = paths
        self.client = ReportingHTTPClient(base: session.client, diagnostics: diagnostics, paths: paths)
    }

    func finish(context: CommandContext) throws(RecordingFlags.Failure) {
        do {
            let summary = try session.finish()
            if let written = summary.written {
                context.diagnostics.note(
                    "recorded \(summary.recorded) interaction(s) into \(paths.display(written))")
            }
        } catch {
            throw RecordingFlags.Failure(exitCode: error.exitCode, text: paths.display(error.report))
        }
    }
}

extension RecordingError {
    /// docs/contract.md, Exit statuses: a missing cassette is 66, a broken one 65, a refused write 65, bad flags 64.
    var exitCode: ExitCode {
        switch self {
        case .cassette(let error): error.kind == .missing ? .noInput : .dataError
        case .secretLeak: .dataError
        case .configuration: .usage
        }
    }

    /// The message as printed: compiler style, newline-terminated.
    var report: String {
        let text = description
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
