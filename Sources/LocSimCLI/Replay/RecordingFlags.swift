import Foundation
import HTTPRecording

/// `--cassettes`, `--cassette`, `--live`, `--record` and `--mode`: where HTTP answers come from.
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
    ]

    /// Opens the recording session the flags describe.
    static func session(_ parsed: ParsedCommand, context: CommandContext, gpx: String) throws -> RecordingSessionHandle {
        if parsed.isSpecified("--mode"), !parsed.isSpecified("--record") {
            throw parsed.usageError("'--mode' requires '--record <file>'.")
        }
        let record = parsed.string("--record")
        let command = "locsim replay \(gpx) --live --record \(record ?? "Recordings/<name>/cassette.json") --mode new-episodes"
        let options = RecordingOptions(
            live: parsed.flag("--live"),
            recordPath: record.map(context.absolutePath),
            mode: parsed.string("--mode").flatMap(RecordMode.init(argument:)),
            cassettePaths: parsed.strings("--cassette").map(context.absolutePath),
            cassettesDirectory: context.absolutePath(parsed.string("--cassettes") ?? "Recordings"),
            environment: context.environment,
            recordedAt: { RecordedAtTimestamp.format(secondsSince1970: Date().timeIntervalSince1970) },
            recordCommand: command
        )
        do {
            let session = try RecordingSession(options: options, liveTransport: LiveHTTPClient())
            return RecordingSessionHandle(session: session, diagnostics: context.diagnostics)
        } catch {
            throw CommandFailure(error.exitCode, error.description)
        }
    }
}

/// An open recording session: its client, and `finish` that writes the cassette.
struct RecordingSessionHandle {
    let session: RecordingSession
    /// The session's client, reporting unrecorded requests in full on stderr.
    let client: any HTTPClient

    init(session: RecordingSession, diagnostics: Diagnostics) {
        self.session = session
        self.client = ReportingHTTPClient(base: session.client, diagnostics: diagnostics)
    }

    func finish(context: CommandContext) throws {
        do {
            let summary = try session.finish()
            if let written = summary.written {
                context.diagnostics.note("recorded \(summary.recorded) interaction(s) into \(written)")
            }
        } catch {
            throw CommandFailure(error.exitCode, error.description)
        }
    }
}

extension RecordingError {
    /// DESIGN §9: a missing cassette is 66, a broken one 65, a refused write 65, bad flags 64.
    var exitCode: ExitCode {
        switch self {
        case .cassette(let error): error.kind == .missing ? .noInput : .dataError
        case .secretLeak: .dataError
        case .configuration: .usage
        }
    }
}
