import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioHarness
import LocSimSettings
import LocSimSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `replay` and `plot` share: the usage checks, the input file check, the recording
/// session, the geocoder and the runner, in the order that gives the right exit status
/// (usage 64 before missing input 66 before a broken cassette 65).
struct ReplayInvocation {
    /// A replay ready to run, or the status the command ends with (the reason already printed).
    enum Preparation {
        case ready(ReplayInvocation)
        case finished(ExitCode)
    }

    /// The GPX path as the user typed it (for messages) and resolved (for reading).
    let gpx: String
    let path: String
    /// The run's settings: the flags over the scenario's (with `--scenario`), over the defaults.
    let settings: ReplaySettings
    let configuration: ReplayConfiguration
    let recording: RecordingSessionHandle
    let runner: ReplayRunner

    /// Prepares a replay, or says with which status the command ends. `outputs` are the file
    /// options (`--map`, `--output`) whose directory must exist before anything runs.
    static func prepare(
        _ parsed: ParsedCommand, _ context: CommandContext, outputs: [(option: String, path: String)]
    ) throws -> Preparation {
        let scenario = try ScenarioOption.load(parsed, context)
        let gpx: String
        if let scenario {
            gpx = scenario.file.track
        } else if let argument = parsed.argument("gpx") {
            gpx = argument
        } else {
            throw parsed.usageError("Missing expected argument '<gpx>' (or '--scenario <name>')")
        }
        let settings = try ReplayOptions.settings(
            parsed, over: scenario?.file.settings ?? ReplaySettings(), app: context.app)
        let configuration = try ReplayOptions.configuration(
            settings, parsed, environment: context.environment, app: context.app)
        try RecordingFlags.validate(parsed, environment: context.environment)
        for output in outputs {
            let directory = (context.absolutePath(output.path) as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw parsed.usageError(
                    "The value '\(output.path)' is invalid for '\(output.option) <file.svg>'. "
                        + "Expected a file in an existing directory.")
            }
        }
        let path = scenario?.trackURL.path ?? context.absolutePath(gpx)
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Worded as the GPX reader and `validate` word it ("too many levels of symbolic links").
            let code = errno
            let text = String(cString: strerror(code))
            let message =
                code == ENOENT || code == ENOTDIR
                ? "no such file or directory" : text.prefix(1).lowercased() + text.dropFirst()
            context.stderr.write("\(gpx): error: \(message)\n")
            return .finished(.noInput)
        }
        let recording: RecordingSessionHandle
        do {
            recording = try RecordingFlags.session(
                parsed, context: context, gpx: gpx, scenario: scenario, trackPath: path, settings: settings,
                endpoints: configuration.services.endpoints)
        } catch {
            context.stderr.write(TerminalText(lines: error.text))
            return .finished(error.exitCode)
        }
        if parsed.flag("--live"), RecordMode.effective(.once, environment: context.environment) != RecordMode.none {
            // Only what this run sends: the named providers', the geocoder's, the push endpoint's.
            let declared = context.app.secrets(for: configuration)
            let missing = Credentials(declarations: declared, environment: context.environment).missingVariables
            if !missing.isEmpty {
                context.diagnostics.warning(
                    "--live: not set in the environment, so sent as placeholders: \(missing.joined(separator: ", "))")
            }
        }
        let geocoder = try GeocoderFactory.make(configuration, client: recording.client, app: context.app)
        let runner = ReplayRunner(
            configuration: configuration, geocoder: geocoder, client: recording.client, app: context.app)
        return .ready(
            ReplayInvocation(
                gpx: gpx, path: path, settings: settings, configuration: configuration, recording: recording,
                runner: runner))
    }

    /// Writes the recorded cassette, if any; `nil` when that went well.
    func finishRecording(_ context: CommandContext) -> ExitCode? {
        do {
            try recording.finish(context: context)
            return nil
        } catch {
            context.stderr.write(TerminalText(lines: error.text))
            return error.exitCode
        }
    }
}
