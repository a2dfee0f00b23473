import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimPluginOptions
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimServe
import LocSimSupport

/// `locsim serve`: answers an app's provider requests over HTTP from cassettes (docs/serve.md).
/// The first line on standard output is `listening on http://HOST:PORT` (also written to
/// `--ready-file FILE`); then one line per request on standard error (or JSON Lines in
/// `--log FILE`) until SIGINT, SIGTERM or `POST /__locsim/shutdown`. Serving never waits for
/// either output: lines an output does not take are dropped and counted.
enum ServeCommand: LocSimCommand {
    static let spec: CommandSpec = spec(for: ReplayApp())

    /// The command for `app`: the endpoint keys it routes.
    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "serve",
            abstract: "Answer an app's provider requests over HTTP from recorded cassettes.",
            discussion: "Point a provider's base URL at http://127.0.0.1:PORT/<key> ("
                + (app.pluginCatalog.endpointKeys + ["or a registered provider's key"]).joined(separator: ", ")
                + "); requests are matched as if sent to the recorded host. A request "
                + "nothing answers gets HTTP 404 with a not_recorded JSON report. Admin: GET /__locsim/health, "
                + "GET /__locsim/requests, POST /__locsim/reset, POST /__locsim/shutdown. SIGINT or SIGTERM finishes "
                + "in-flight requests, writes the cassette and exits 0 (a second SIGINT exits 130).",
            arguments: [ArgumentSpec("scenario", help: "Scenarios whose cassettes answer.", arity: .zeroOrMore)],
            options: [
                .option(
                    "--cassettes", value: "dir", help: "Answer from any cassette under dir.", default: "Recordings"),
                .option("--cassette", value: "file", help: "Answer from this cassette.", repeatable: true),
                .option("--recordings", value: "dir", help: "The scenario folders.", default: "Recordings"),
                .option("--port", value: "n", help: "The port to listen on; 0 picks a free one.", default: "8080"),
                .option(
                    "--host", value: "address",
                    help: "The address to bind; anything but loopback is reachable by others.",
                    default: "127.0.0.1"),
                .flag(
                    "--record",
                    help: "Forward what the cassette does not answer to the live provider and append it (one scenario "
                        + "or --cassette; refused when CI is set)."),
                .option(
                    "--mode", value: "mode", help: "With --record: once, new-episodes or all.",
                    default: "new-episodes", values: ["once", "new-episodes", "all"]),
                .option(
                    "--connect-to", value: "host=addr:port",
                    help: "With --record: send requests for host to addr:port over http.", repeatable: true),
            ] + ReplayOptions.liveOptions + [
                .option("--log", value: "file", help: "Write one JSON line per request to file instead of stderr."),
                .option(
                    "--ready-file", value: "file",
                    help: "Once listening, write the base URL (http://HOST:PORT) to file, atomically, for scripts."),
            ]
        )
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        ServeStandardDescriptors.reopenClosed()
        let record = parsed.flag("--record")
        if parsed.isSpecified("--mode"), !record { throw parsed.usageError("'--mode' requires '--record'.") }
        if parsed.isSpecified("--connect-to"), !record {
            throw parsed.usageError("'--connect-to' requires '--record'.")
        }
        if record, let ci = context.environment["CI"], !ci.isEmpty {
            throw parsed.usageError("'--record' is refused when CI is set: CI never records.")
        }
        let port =
            try parsed.value("--port", expected: "a port number from 0 to 65535") { text in
                Int(text).flatMap { (0...65535).contains($0) ? $0 : nil }
            } ?? 8080
        let host = parsed.string("--host") ?? "127.0.0.1"
        guard Listener.isBindable(host) else {
            throw parsed.usageError(
                "The value '\(host)' is invalid for '--host <address>'. Expected an IPv4 or IPv6 address, or localhost."
            )
        }
        let timeout = try RecordingFlags.httpTimeout(parsed)
        var routes: [String: String] = [:]
        for argument in parsed.strings("--connect-to") {
            guard let route = ConnectToClient.route(argument: argument) else {
                throw parsed.usageError(
                    "The value '\(argument)' is invalid for '--connect-to <host=addr:port>'. Expected host=addr:port.")
            }
            routes[route.host] = route.address
        }

        let (typed, recordTarget) = try cassettes(parsed, context: context)
        // The arguments are valid: a stale ready file from an earlier run goes now, so a script
        // waiting for the file never reads it, whatever stops this run (a port in use).
        var readyFile: ReadyFile?
        if let argument = parsed.string("--ready-file") {
            do throws(ReadyFile.Refusal) {
                readyFile = try ReadyFile.claim(context.absolutePath(argument))
            } catch {
                throw parsed.usageError(
                    "'--ready-file \(argument)' names \(error.names); name a file that does not exist (nothing was changed)."
                )
            }
        }
        let paths = DisplayPaths(typed: typed + [parsed.string("--cassettes") ?? "Recordings"], context: context)
        var options = RecordingOptions(
            live: record, recordPath: record ? context.absolutePath(typed[0]) : nil,
            mode: record ? parsed.string("--mode").flatMap(RecordMode.init(argument:)) ?? .newEpisodes : nil,
            cassettePaths: record ? [] : typed.map(context.absolutePath),
            cassettesDirectory: context.absolutePath(parsed.string("--cassettes") ?? "Recordings"),
            environment: context.environment, secrets: context.app.secrets,
            recordedAt: { ISO8601Timestamp.recordedAt(environment: context.environment) },
            recordCommand: "\(recordTarget) --record --mode new-episodes")
        options.maxBodyBytes = LiveHTTPClient.defaultMaxBodyBytes
        options.matching = context.app.matchingRules
        // What the app asked for: `cassettes status --prune` keeps it (the replay may never ask).
        options.origin = .serve
        let connectTo = routes
        let live = DeferredHTTPClient {
            // A proxy: a redirect goes back to the app, which follows it itself (never to a host
            // the app did not ask for, with its secret headers).
            let client = LiveHTTPClient(
                timeout: .seconds(timeout), userAgent: "locsim/\(LocSim.version)", followsRedirects: false)
            return connectTo.isEmpty ? client : ConnectToClient(base: client, routes: connectTo)
        }
        let session: RecordingSession
        do {
            session = try RecordingSession(options: options, liveTransport: live)
            // This run writes in the cassette's folder: a killed `locsim record`'s litter goes.
            if let recordPath = options.recordPath, session.mode != .none {
                RecordStagingFolder.removeAbandoned(besideCassette: recordPath)
            }
        } catch {
            throw CommandFailure(error.exitCode, TerminalText(lines: paths.display(error.report)))
        }

        let stderr = ServeStandardDescriptors.writer(for: context.stderr, redactor: context.redactor)
        var jsonLog: (@Sendable (String) -> Void)?
        var logOutput: (file: String, output: FileDescriptorOutput)?
        if let file = parsed.string("--log") {
            let descriptor: Int32
            switch ServeLogFile.openForWriting(context.absolutePath(file)) {
            case .success(let opened): descriptor = opened
            case .failure(let failure): throw CommandFailure(.ioError, "\(file): error: \(failure.reason) (--log)")
            }
            let output = FileDescriptorOutput(fileDescriptor: descriptor, isBuffered: false)
            logOutput = (file, output)
            // The first write that fails is said at once; the run then exits 74 (below).
            let said = Locked(false)
            jsonLog = { line in
                output.write(TerminalText(lines: line + "\n"))
                if let failure = output.writeError,
                    !said.withLock({
                        let was = $0
                        $0 = true
                        return was
                    })
                {
                    stderr(TerminalText(lines: "\(file): error: \(failure) (--log); later lines are dropped\n"))
                }
            }
        }
        let serveOptions = ServeOptions(
            host: host, port: port, environment: context.environment,
            // Requests and cassettes carry outside text: control characters are shown, not sent.
            report: { stderr(TerminalText(lines: $0) + "\n") },
            jsonLog: jsonLog, displayPath: { paths.display($0) }, forwardHosts: routes.keys.sorted())
        let signals = ServeSignals()
        let server: CassetteServer
        do {
            server = try CassetteServer(app: context.app, session: session, options: serveOptions)
        } catch {
            signals.cancel()
            throw CommandFailure(.unavailable, TerminalText(lines: error.description))
        }
        // Listening: the last run's log is replaced now, not when a busy port ends this one.
        if let logOutput { ServeLogFile.startAfresh(logOutput.output.fileDescriptor) }
        if !ServeAddress.isLoopback(host) {
            context.diagnostics.warning(
                "listening on \(host): anyone who can reach this address gets the recorded answers")
        }
        signals.handle(server)
        var written: ReadyFile.Written?
        if let readyFile {
            do {
                written = try readyFile.write(server.baseURL)
            } catch {
                server.shutdown()
                signals.cancel()
                throw CommandFailure(.ioError, "error: \(error) (--ready-file)")
            }
        }
        context.stdout.write("listening on \(server.baseURL)\n")
        context.stdout.flush()
        server.wait()
        signals.cancel()
        // The URL answers no longer: the file says "listening", so it goes with the server.
        written?.remove()
        // Claim only what reached the disk; a write that failed is the run's failure (74).
        let recorded = session.persistedCount
        // Standard error may be a pipe nobody reads: the note is left out rather than waited for.
        if recorded > 0, let path = options.recordPath, ServeStandardDescriptors.canWriteWithoutWaiting(context.stderr)
        {
            context.diagnostics.note("recorded \(recorded) interaction(s) into \(paths.display(path))")
        }
        if let failure = session.lastWriteFailure {
            let lost = session.recordedCount - recorded
            context.stderr.write(TerminalText(lines: paths.display(failure.report)))
            throw CommandFailure(
                failure.exitCode, "\(lost) recorded interaction(s) are not in the cassette (the write above failed)")
        }
        if let (file, output) = logOutput, let failure = output.writeError {
            throw CommandFailure(.ioError, "\(file): error: \(failure) (--log): the log is missing lines")
        }
        return .success
    }

    /// The cassette files named on the command line (scenario cassettes, then `--cassette`), as
    /// typed, and how the record command names them. `--record` needs exactly one.
    private static func cassettes(
        _ parsed: ParsedCommand, context: CommandContext
    ) throws -> (typed: [String], recordTarget: String) {
        let recordingsArgument = parsed.string("--recordings") ?? "Recordings"
        let recordings = URL(fileURLWithPath: context.absolutePath(recordingsArgument))
        var typed: [String] = []
        var targets: [String] = []
        for name in parsed.arguments("scenario") {
            let scenario = try parsed.loadScenario(named: name, in: recordings, context: context)
            typed.append(scenario.location.cassetteURL.path)
            targets.append("locsim serve \(ShellQuote.quote(scenario.name))")
        }
        for file in parsed.strings("--cassette") {
            typed.append(file)
            let (importing, target) = RecordSuggestion.importingHAR(file)
            targets.append(importing + "locsim serve --cassette \(ShellQuote.quote(target))")
        }
        if parsed.flag("--record"), typed.count != 1 {
            throw parsed.usageError("'--record' needs exactly one scenario or '--cassette <file>' to record into.")
        }
        if parsed.isSpecified("--cassettes") {
            if parsed.flag("--record") {
                throw parsed.usageError(
                    "'--record' cannot be combined with '--cassettes <dir>': it records into one scenario or "
                        + "'--cassette <file>'.")
            }
            try context.requireDirectory(parsed.string("--cassettes") ?? "", option: "--cassettes")
        }
        if typed.isEmpty {
            return ([], "locsim serve --cassette <file>")
        }
        return (typed, targets.count == 1 ? targets[0] : "locsim serve <scenario>")
    }
}
