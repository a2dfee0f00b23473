import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimLocationCore
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSettings
import LocSimSupport

/// `--cassettes`, `--cassette`, `--live`, `--record`, `--mode`, `--http-timeout` and
/// `--max-body-mib`: where HTTP answers come from, and how long and large they may be.
enum RecordingFlags {
    static let options: [OptionSpec] =
        [
            .option(
                "--cassettes", value: "dir", help: "Replay HTTP from any cassette under dir.", default: "Recordings"),
            .option("--cassette", value: "file", help: "Replay HTTP strictly from this cassette.", repeatable: true),
            .flag("--live", help: "Call the live providers (keys from the environment)."),
            .option("--record", value: "file", help: "With --live: record every HTTP interaction into file."),
            .option(
                "--mode", value: "mode", help: "Record mode (forced to none when CI is set).",
                values: RecordMode.allCases.map(\.rawValue)),
        ] + ReplayOptions.liveOptions + [
            .option(
                "--max-body-mib", value: "n",
                help: "The largest HTTP body read, live or from a cassette, in MiB.", default: "64")
        ]

    /// The `--max-body-mib` value in bytes (1…4096 MiB).
    static func maxBodyBytes(_ parsed: ParsedCommand) throws(UsageError) -> Int {
        try parsed.value("--max-body-mib", expected: "a whole number of MiB from 1 to 4096") { text in
            Int(text).flatMap { (1...4096).contains($0) ? $0 << 20 : nil }
        } ?? LiveHTTPClient.defaultMaxBodyBytes
    }

    /// The `--http-timeout` value, or the default's (30 s): the settings table's option, read by
    /// its codec (0.001…86400 seconds).
    static func httpTimeout(_ parsed: ParsedCommand) throws(UsageError) -> Double {
        try ReplayOptions.settings(parsed, table: ReplaySettingSpec.live).httpTimeout
    }

    /// A cassette problem, already worded compiler style (`Recordings/x/cassette.json:12:5: error: …`).
    struct Failure: Error {
        var exitCode: ExitCode
        var text: String
    }

    /// The usage checks the spec cannot express: `--max-body-mib` is in range, `--mode` needs
    /// `--record`, and `--record` needs `--live` (unless `CI` forces mode `none`, which only
    /// replays). `--http-timeout` is the settings table's, checked with the other settings.
    static func validate(_ parsed: ParsedCommand, environment: [String: String]) throws(UsageError) {
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
    ///
    /// With `scenario`, only its cassette answers; otherwise, without `--cassette` or `--record`,
    /// the pool under `--cassettes` follows ``CassettePool``'s rule for `trackPath` and `settings`
    /// (a note says when a scenario of this track was left out).
    static func session(
        _ parsed: ParsedCommand, context: CommandContext, gpx: String, scenario: Scenario? = nil,
        trackPath: String? = nil, settings: ReplaySettings, endpoints: Endpoints
    ) throws(Failure)
        -> RecordingSessionHandle
    {
        var record = parsed.string("--record")
        var cassettes = parsed.strings("--cassette")
        let directory = parsed.string("--cassettes") ?? "Recordings"
        var pool = CassettePool()
        if let scenario {
            // As typed: the scenario was found under `--cassettes`.
            let cassette = (directory.hasSuffix("/") ? directory : directory + "/") + scenario.name + "/cassette.json"
            // Offline, a scenario without a cassette yet answers nothing (as in `locsim test`):
            // replayed "from" its cassette path in mode none, which also reads a missing file.
            if parsed.flag("--live") {
                cassettes = [cassette]
            } else {
                record = cassette
            }
        } else if cassettes.isEmpty, record == nil, let trackPath {
            pool = CassettePool.resolve(
                directory: context.absolutePath(directory), trackPath: trackPath, settings: settings,
                table: context.app.settingsTable)
            for warning in pool.warnings {
                context.diagnostics.warning(TerminalText(lines: warning.message), at: warning.location)
            }
            if let note = pool.note(gpx: gpx) { context.diagnostics.note(TerminalText(lines: note)) }
        }
        // A scenario answering with other engine settings records its own requests, not these:
        // record this replay into its cassette instead.
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let looseOwner = pool.owner.flatMap { pool.ownerIsExact ? nil : base + "/" + $0 + "/cassette.json" }
        let command = RecordSuggestion.replay(
            gpx: gpx, record: record, cassettes: looseOwner.map { [$0] } ?? cassettes,
            scenario: scenario?.name ?? (pool.ownerIsExact ? pool.owner : nil),
            taken: { FileManager.default.fileExists(atPath: context.absolutePath(directory) + "/" + $0) })
        let paths = DisplayPaths(typed: [record].compactMap { $0 } + cassettes + [directory], context: context)
        var isDirectory: ObjCBool = false
        if parsed.isSpecified("--cassettes"), cassettes.isEmpty,
            !FileManager.default.fileExists(atPath: context.absolutePath(directory), isDirectory: &isDirectory)
                || !isDirectory.boolValue
        {
            throw Failure(exitCode: .noInput, text: "\(directory): error: no such directory (--cassettes)\n")
        }
        // `--http-timeout` over the scenario's `http.timeout` (30 s by default), read with the settings.
        let timeout = settings.httpTimeout
        // Checked by `validate`.
        let maxBody = (try? maxBodyBytes(parsed)) ?? LiveHTTPClient.defaultMaxBodyBytes
        var options = RecordingOptions(
            live: parsed.flag("--live"),
            recordPath: record.map(context.absolutePath),
            mode: parsed.string("--mode").flatMap(RecordMode.init(argument:)),
            cassettePaths: cassettes.map(context.absolutePath),
            cassettesDirectory: context.absolutePath(directory),
            environment: context.environment,
            secrets: context.app.secrets,
            recordedAt: { [environment = context.environment] in ISO8601Timestamp.recordedAt(environment: environment)
            },
            recordCommand: command
        )
        options.maxBodyBytes = maxBody
        options.excludedCassettes = pool.excluded
        options.matching = context.app.matchingRules
        // `--base-url` (or `baseURLs`) sends requests to another server; the cassette keeps the
        // provider's URL. `endpoints` are the configuration's, with those overrides applied.
        if !endpoints.overridden.isEmpty { options.endpoints = endpoints }
        do {
            // Made on the first live request: an offline replay never sets up the HTTP engine.
            let live = DeferredHTTPClient {
                LiveHTTPClient(timeout: .seconds(timeout), userAgent: "locsim/\(LocSim.version)", maxBodyBytes: maxBody)
            }
            // A recording that could not reach a provider writes nothing and exits 69.
            let watcher = record == nil ? nil : LiveFailureWatcher(base: live)
            let session = try RecordingSession(options: options, liveTransport: watcher ?? live)
            // This run writes in the cassette's folder: a killed `locsim record`'s litter goes.
            if let recordPath = options.recordPath, session.mode != .none {
                RecordStagingFolder.removeAbandoned(besideCassette: recordPath)
            }
            return RecordingSessionHandle(
                session: session, diagnostics: context.diagnostics, paths: paths, watcher: watcher)
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
    let diagnostics: Diagnostics
    let paths: DisplayPaths
    /// With `--record`: the live requests that could not be delivered.
    let watcher: LiveFailureWatcher?
    private let reported = Locked(false)

    init(session: RecordingSession, diagnostics: Diagnostics, paths: DisplayPaths, watcher: LiveFailureWatcher? = nil) {
        self.session = session
        self.diagnostics = diagnostics
        self.paths = paths
        self.watcher = watcher
    }

    /// The session's client.
    var client: any HTTPClient { session.client }

    /// Prints the run's unrecorded requests once, each distinct request once with a count
    /// (``MissTally``; nothing when there were none).
    func reportMisses() {
        let first = reported.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        if let text = MissTally(session.misses).text(display: paths.display) {
            diagnostics.warning(TerminalText(lines: session.scrubbed(text)))
        }
    }

    /// Reports the misses, then writes the cassette; when a provider could not be reached, writes
    /// nothing and fails with exit 69 (docs/contract.md, Exit statuses).
    func finish(context: CommandContext) throws(RecordingFlags.Failure) {
        reportMisses()
        if let failures = watcher?.failures, !failures.isEmpty {
            var unique: [String] = []
            for failure in failures where !unique.contains(failure) { unique.append(failure) }
            throw RecordingFlags.Failure(
                exitCode: .unavailable,
                text: "error: could not reach the provider (nothing was written):\n"
                    + unique.map { "  \(paths.display($0))\n" }.joined())
        }
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
    /// docs/contract.md, Exit statuses: a missing cassette is 66, a broken one 65, a write that
    /// failed 74 (docs/cli.md, "Write failures"), a write refused for secrets 65, a cassette
    /// another process records into 75, bad flags 64.
    var exitCode: ExitCode {
        switch self {
        case .cassette(let error):
            switch error.kind {
            case .missing: .noInput
            case .write: WriteFailure.exitCode
            case .io, .syntax, .shape: .dataError
            }
        case .secretLeak: .dataError
        case .configuration: .usage
        case .busy: .temporaryFailure
        }
    }

    /// The message as printed: compiler style, newline-terminated.
    var report: String {
        let text = description
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
