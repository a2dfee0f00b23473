import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimLocationCore
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather

/// `locsim record <scenario>`: runs a scenario against the live providers, writes its
/// `cassette.json` (redacted, atomic) and `expected.jsonl` (the offline replay of the new
/// cassette, atomic), and prints what changed against the previous recording.
enum RecordCommand: LocSimCommand {
    static let spec: CommandSpec = spec(for: ReplayApp())

    /// The command for `app`: the endpoint keys `--base-url` takes.
    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "record",
            abstract: "Record a scenario live: write its cassette.json and expected.jsonl.",
            discussion:
                "Keys come from the environment (AERIS_CLIENT_ID, AERIS_CLIENT_SECRET, OWM_APPID, NWS_USER_AGENT, "
                + "NOMINATIM_USER_AGENT) and never reach the files. Refused when CI is set (exit 64); a provider that "
                + "cannot be reached writes nothing (exit 69). With --base-url the requests go to another server "
                + "and the cassette keeps the scenario's own URLs, so it answers the scenario's replay.",
            arguments: [ArgumentSpec("scenario", help: "The scenario name or folder.", arity: .required)],
            options: [
                .option(
                    "--mode", value: "mode",
                    help: "all: replace the cassette; new-episodes: keep what matches and append the rest; "
                        + "once: record only a missing cassette.",
                    default: "all", values: ["once", "new-episodes", "all"])
            ] + baseURLOption(for: app) + [
                .option(
                    "--connect-to", value: "host=addr:port",
                    help: "Send requests for host to addr:port over http, recording them under the real host.",
                    repeatable: true),
                .option("--comment", value: "text", help: "Say in the cassette where its content came from."),
                .option(
                    "--from-fixtures", value: "dir",
                    help: "Offline: answer each request from a response body file under dir (docs/first-scenario.md) "
                        + "instead of the live provider; lists the files it needs when some are missing."),
            ] + ReplayOptions.liveOptions + [
                .option("--recordings", value: "dir", help: "The scenario folders.", default: "Recordings")
            ]
        )
    }

    /// `--base-url`: the settings table's option (its help names the app's endpoint keys).
    private static func baseURLOption(for app: ReplayApp) -> [OptionSpec] {
        app.settingsTable.filter { $0.flag == "--base-url" }.compactMap(ReplayOptions.option)
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let name = parsed.argument("scenario") else {
            throw parsed.usageError("Missing expected argument '<scenario>'")
        }
        let fixtures = parsed.string("--from-fixtures")
        if fixtures == nil, let ci = context.environment["CI"], !ci.isEmpty {
            throw parsed.usageError(ScenarioRecordError.refusedUnderCI.description)
        }
        // Read now (a usage error before anything is read); it wins over the scenario's below.
        let flagTimeout = parsed.isSpecified("--http-timeout") ? try RecordingFlags.httpTimeout(parsed) : nil
        let mode = parsed.string("--mode").flatMap(RecordMode.init(argument:)) ?? .all
        let baseURLArguments = parsed.strings("--base-url")
        do throws(EndpointError) {
            for argument in baseURLArguments { _ = try context.app.endpoints.parse(argument: argument) }
        } catch {
            throw parsed.usageError(error.description)
        }
        var routes: [String: String] = [:]
        for argument in parsed.strings("--connect-to") {
            guard let route = ConnectToClient.route(argument: argument) else {
                throw parsed.usageError(
                    "The value '\(argument)' is invalid for '--connect-to <host=addr:port>'. Expected host=addr:port, "
                        + "e.g. api.aerisapi.com=127.0.0.1:8080.")
            }
            routes[route.host] = route.address
        }

        let recordings = URL(fileURLWithPath: context.absolutePath(parsed.string("--recordings") ?? "Recordings"))
        let scenario = try parsed.loadScenario(named: name, in: recordings, context: context)
        let environment = fixtures == nil ? context.environment : [:]
        var comment = parsed.string("--comment")
        var fixtureTransport: FixtureTransport?
        if let fixtures {
            let transport = FixtureTransport(directory: context.absolutePath(fixtures), secrets: context.app.secrets)
            if let status = try FixtureCheck.run(scenario, transport: transport, typed: fixtures, context) {
                return status
            }
            fixtureTransport = transport
            comment =
                comment
                ?? "Built by `locsim record \(scenario.name) --from-fixtures \(fixtures)` from the response bodies there."
        }
        let recorder = ScenarioRecorder(
            options: ScenarioRecorder.Options(
                mode: mode, baseURLArguments: baseURLArguments, comment: comment,
                environment: environment, recordedAt: { ISO8601Timestamp.recordedAt(environment: environment) }),
            app: context.app)
        let timeout = flagTimeout ?? scenario.file.settings.httpTimeout
        let live = LiveHTTPClient(timeout: .seconds(timeout), userAgent: "locsim/\(LocSim.version)")
        let transport: any HTTPClient =
            fixtureTransport ?? (routes.isEmpty ? live as any HTTPClient : ConnectToClient(base: live, routes: routes))
        let progress = RecordProgressLine(output: context.stderr, name: scenario.name)

        let callback: ((TranscriptLine) -> Void)? = progress.map { line in { event in line.show(event) } }
        let staging = RecordStaging()
        let interrupt = InterruptCleanup { staging.abandon() }
        defer { interrupt.cancel() }
        let report: RecordReport
        do throws(ScenarioRecordError) {
            report = try recorder.record(scenario, liveTransport: transport, staging: staging, progress: callback)
        } catch {
            progress?.clear()
            return try fail(error, parsed: parsed, context: context, location: scenario.location)
        }
        progress?.clear()
        for folder in report.recovery.finishedSwaps {
            context.diagnostics.note("finished the swap an interrupted locsim record left in \(folder)")
        }
        for path in report.recovery.removed {
            context.diagnostics.note("removed \(path), left by an interrupted locsim record")
        }
        // Only the secrets this scenario's providers, geocoder and push endpoint send.
        let declared =
            (try? scenario.file.settings.configuration(app: context.app, environment: environment))
            .map { context.app.secrets(for: $0) } ?? context.app.secrets
        let missing = Credentials(declarations: declared, environment: environment).missingVariables
        if fixtures == nil, report.summary.recorded > 0, !missing.isEmpty {
            context.diagnostics.note(
                "not set in the environment (sent as placeholders): \(missing.joined(separator: ", "))")
        }
        context.stdout.write(text(for: report, scenario: scenario))
        if !report.replaysAsRecorded {
            context.diagnostics.warning(
                "the offline replay of the new cassette differs from the live run: a provider answered identical "
                    + "requests differently; expected.jsonl holds the replay, which is what locsim test checks")
        }
        return .success
    }

    /// What was recorded and what changed.
    static func text(for report: RecordReport, scenario: Scenario) -> TerminalText {
        let location = scenario.location
        var out: TerminalText =
            "recorded \(scenario.name): \(report.summary.recorded) interaction(s) live, "
            + "\(report.summary.replayed) replayed from the previous cassette\n"
        if report.summary.written == nil {
            out += "\(location.cassettePath): unchanged\n"
        } else {
            out += TerminalText(lines: report.cassette.text(path: location.cassettePath))
        }
        switch report.expectation {
        case .unchanged:
            out += "\(location.expectationPath): unchanged\n"
        case .created:
            out += "\(location.expectationPath): created\n"
        case .changed(let diff):
            out += "\(location.expectationPath): changed\n\(lines: diff.text)"
        }
        return out
    }

    /// Reports `error` with its exit status (docs/contract.md, Exit statuses).
    /// Paths in the messages are shown as the report shows them (`Recordings/x/cassette.json`).
    static func fail(
        _ error: ScenarioRecordError, parsed: ParsedCommand, context: CommandContext, location: ScenarioLocation
    ) throws -> ExitCode {
        do {
            try fail(error, parsed: parsed)
        } catch var failure as CommandFailure {
            failure.message = failure.message.mapRendered {
                $0.replacing(
                    TerminalEscaping.escape(location.directory.path + "/"),
                    with: TerminalEscaping.escape(location.displayPath()))
            }
            throw failure
        }
        return .software
    }

    private static func fail(_ error: ScenarioRecordError, parsed: ParsedCommand) throws {
        switch error {
        case .refusedUnderCI, .settings:
            throw parsed.usageError(error.description)
        case .recording(let recordingError):
            throw CommandFailure(recordingError.exitCode, TerminalText(lines: error.description))
        case .replay(let replayError):
            switch replayError.kind {
            case .missingInput: throw CommandFailure(.noInput, TerminalText(lines: error.description))
            case .invalidInput: throw CommandFailure(.dataError, TerminalText(lines: error.description))
            case .unavailable: throw CommandFailure(.unavailable, TerminalText(lines: error.description))
            }
        case .unreachable:
            throw CommandFailure(.unavailable, TerminalText(lines: error.description))
        case .run:
            throw CommandFailure(.software, TerminalText(lines: error.description))
        case .expectation(let harnessError):
            throw CommandFailure(ExitCode(rawValue: harnessError.exitCode), TerminalText(lines: error.description))
        case .staging:
            throw CommandFailure(.ioError, TerminalText(lines: error.description))
        }
    }
}
