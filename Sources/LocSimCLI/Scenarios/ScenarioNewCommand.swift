import Foundation
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioHarness
import LocSimSettings
import LocSimSupport
import LocSimWeather

/// `locsim scenario new NAME --track FILE [settings flags]`: scaffolds `Recordings/NAME/` with a
/// `scenario.json` stating every setting (the settings table's keys, defaults made explicit) and
/// an empty `cassette.json` with a `comment`, then prints the two ways to fill the cassette.
enum ScenarioNewCommand {
    /// The command for `app`: its settings' options.
    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "new",
            abstract: "Create a scenario folder: scenario.json with every setting, and an empty cassette.",
            discussion: "The settings flags are replay's; every setting is written out, so the file shows what "
                + "the scenario runs with. An existing folder is never overwritten.",
            arguments: [ArgumentSpec("name", help: "The scenario's name: lower-case letters, digits, '-', '_', '.'.")],
            options: [
                .option(
                    "--track", value: "file", help: "The GPX track, inside the repository (stored relative to it)."),
                .option(
                    "--description", value: "text", help: "What the scenario shows, for people reading the folder."),
                .option("--recordings", value: "dir", help: "The scenario folders.", default: "Recordings"),
            ] + ReplayOptions.options(for: app)
        )
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let name = parsed.argument("name") else { throw parsed.usageError("Missing expected argument '<name>'") }
        if let problem = ScenarioName.problem(name) {
            throw parsed.usageError("The value '\(name)' is invalid for '<name>': \(problem).")
        }
        guard let track = parsed.string("--track") else {
            throw parsed.usageError("Missing expected option '--track <file>'")
        }
        let settings = try ReplayOptions.settings(parsed, app: context.app)
        _ = try ReplayOptions.configuration(settings, parsed, environment: [:], app: context.app)

        let recordingsTyped = parsed.string("--recordings") ?? "Recordings"
        let recordings = URL(fileURLWithPath: context.absolutePath(recordingsTyped)).standardizedFileURL
        let root = recordings.deletingLastPathComponent().path
        let trackPath = URL(fileURLWithPath: context.absolutePath(track)).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: trackPath) else {
            throw CommandFailure(.noInput, "\(track): error: no such file or directory")
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard trackPath.hasPrefix(prefix) else {
            throw parsed.usageError(
                "The value '\(track)' is invalid for '--track <file>': the track must be inside the repository "
                    + "(\(root)), for example under Waypoints/.")
        }
        let relativeTrack = String(trackPath.dropFirst(prefix.count))

        let folderTyped = (recordingsTyped.hasSuffix("/") ? recordingsTyped : recordingsTyped + "/") + name
        let folder = recordings.appendingPathComponent(name, isDirectory: true)
        if FileManager.default.fileExists(atPath: folder.path) {
            throw CommandFailure(
                .failure,
                "\(folderTyped)/: error: already exists; choose another name or remove the folder (nothing was written)"
            )
        }
        let table = context.app.settingsTable
        let file = ScenarioFile(
            track: relativeTrack, description: parsed.string("--description"), settings: settings,
            statedKeys: Set(table.compactMap(\.key)))
        let cassette = Cassette(comment: "Empty: fill it with `locsim record \(name)` (live) or `--from-fixtures`.")
        // One sentence naming the path on failure (docs/cli.md, "Write failures"), never a dump.
        if let reason = WriteFailure.createDirectories(atPath: folder.path) {
            throw CommandFailure(WriteFailure.exitCode, "\(folderTyped)/: error: cannot create the folder: \(reason)")
        }
        let writer = AtomicFileWriter()
        for (name, text) in [("scenario.json", file.text(settings: table)), ("cassette.json", cassette.text())] {
            do throws(AtomicWriteError) {
                try writer.write(Array(text.utf8), to: folder.appendingPathComponent(name).path)
            } catch {
                throw CommandFailure(
                    WriteFailure.exitCode, "\(folderTyped)/\(name): error: cannot write: \(WriteFailure.reason(error))")
            }
        }
        context.stdout.write(nextSteps(name: name, folder: folderTyped, secrets: secretNames(settings, context)))
        return .success
    }

    /// The environment variables the scenario's providers and geocoder read (for the live step).
    static func secretNames(_ settings: ReplaySettings, _ context: CommandContext) -> [String] {
        var names: [String] = []
        for provider in settings.providers {
            for secret in context.app.providers[provider]?.secrets ?? [] where !names.contains(secret.variable) {
                names.append(secret.variable)
            }
        }
        for secret in context.app.geocoders[settings.geocoder]?.secrets ?? [] where !names.contains(secret.variable) {
            names.append(secret.variable)
        }
        return names
    }

    /// What `scenario new` prints after creating the folder.
    static func nextSteps(name: String, folder: String, secrets: [String]) -> TerminalText {
        let quoted = ShellQuote.quote(name)
        let keys = secrets.isEmpty ? "" : " (keys from the environment: \(secrets.joined(separator: ", ")))"
        return """
            created \(folder)/scenario.json (every setting stated) and \(folder)/cassette.json (empty)
            next, fill the cassette one of two ways:
              1. record the providers live\(keys):
                   locsim record \(quoted)
              2. or build it from response bodies you have, one file per request (the names it needs are listed
                 when files are missing; see docs/first-scenario.md):
                   locsim record \(quoted) --from-fixtures fixtures/\(name)
            then check it offline:
              locsim test \(quoted)

            """
    }
}

/// `locsim scenario …`: commands that write scenario folders.
enum ScenarioCommand: LocSimCommand {
    static let spec: CommandSpec = spec(for: ReplayApp())

    static func spec(for app: ReplayApp) -> CommandSpec {
        CommandSpec(
            name: "scenario", abstract: "Create scenarios (locsim scenario new NAME --track FILE).",
            subcommands: [ScenarioNewCommand.spec(for: app)])
    }

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        switch parsed.commandPath.dropFirst(2).first {
        case "new": try ScenarioNewCommand.run(parsed, context)
        default: throw parsed.usageError("Unknown subcommand")
        }
    }
}
