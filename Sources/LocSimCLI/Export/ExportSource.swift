import Foundation
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSupport
import LocSimWeather

/// What `locsim export` replays: a GPX file with the replay flags (providers answered from the
/// cassettes, offline), or a scenario with its own settings, strictly from its own cassette.
struct ExportSource {
    /// The base of the output names (`franklin-la`).
    let name: String
    /// The track as shown in messages and comments (`Waypoints/franklin-la.gpx`).
    let display: String
    /// The track's absolute path.
    let path: String
    let configuration: ReplayConfiguration
    let client: any HTTPClient
    /// The files the export reads (the track, the cassettes named, a scenario's own files): an
    /// output that is one of them is refused.
    var inputs: [String] = []

    /// A problem already worded compiler style (`Recordings/x/scenario.json: error: …`), printed as is.
    struct Failure: Error {
        var exitCode: ExitCode
        var text: String
    }

    /// The replay flags a scenario brings itself, so they cannot be combined with one.
    /// The replay settings a scenario fixes itself; `--bundle-id` is not among them (it names
    /// the app `export apns` targets, whatever the scenario says).
    static func replayOptionNames(for app: ReplayApp) -> [String] {
        (ReplayOptions.options(for: app) + ExportCommand.cassetteOptions)
            .map(\.long).filter { $0 != "--bundle-id" }
    }

    /// Resolves `argument`: an existing file is a GPX track; a folder holding `scenario.json`,
    /// or a name under `Recordings/`, is a scenario. Neither is a missing input (66).
    static func resolve(_ argument: String, _ parsed: ParsedCommand, _ context: CommandContext) throws -> ExportSource {
        let path = context.absolutePath(argument)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue { return try gpx(argument, path: path, parsed, context) }
        let recordings = URL(fileURLWithPath: context.absolutePath("Recordings"), isDirectory: true)
        let location: ScenarioLocation
        if exists {
            let folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
            location = ScenarioLocation(
                name: folder.lastPathComponent, recordingsDirectory: folder.deletingLastPathComponent(),
                root: recordings.deletingLastPathComponent())
        } else {
            location = ScenarioLocation(name: argument, recordingsDirectory: recordings)
        }
        guard FileManager.default.fileExists(atPath: location.scenarioFileURL.path) else {
            let known = (try? ScenarioCatalog.discover(in: recordings))?.scenarios.map(\.name) ?? []
            let suggestion: TerminalText = argument.closest(among: known).map { " Did you mean '\($0)'?" } ?? ""
            throw CommandFailure(
                .noInput,
                "no such GPX file or scenario: \(argument) (a scenario is a folder with scenario.json)"
                    + suggestion)
        }
        return try scenario(location, parsed, context)
    }

    private static func gpx(
        _ argument: String, path: String, _ parsed: ParsedCommand, _ context: CommandContext
    ) throws -> ExportSource {
        let configuration = try ReplayOptions.configuration(parsed, environment: context.environment, app: context.app)
        let directory = parsed.string("--cassettes") ?? "Recordings"
        if parsed.isSpecified("--cassettes") {
            try context.requireDirectory(directory, option: "--cassettes")
        }
        let cassettes = parsed.strings("--cassette").map(context.absolutePath)
        var options = RecordingOptions(
            live: false, cassettePaths: cassettes, cassettesDirectory: context.absolutePath(directory),
            environment: context.environment, secrets: context.app.secrets,
            recordCommand: "locsim replay \(argument) --live --record FILE")
        options.matching = context.app.matchingRules
        let name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        return ExportSource(
            name: name, display: argument, path: path, configuration: configuration,
            client: try session(
                options, DisplayPaths(typed: [directory] + parsed.strings("--cassette"), context: context)),
            inputs: [path] + cassettes)
    }

    private static func scenario(
        _ location: ScenarioLocation, _ parsed: ParsedCommand, _ context: CommandContext
    ) throws -> ExportSource {
        if let given = replayOptionNames(for: context.app).first(where: parsed.isSpecified) {
            throw parsed.usageError(
                "'\(given)' cannot be combined with a scenario: its settings come from its scenario.json.")
        }
        let scenario: Scenario
        let configuration: ReplayConfiguration
        do {
            scenario = try Scenario.load(location, settings: context.app.settingsTable)
            configuration = try scenario.file.settings.configuration(app: context.app)
        } catch {
            let text = "\(error)"
            throw Failure(exitCode: .dataError, text: (text.contains(": error: ") ? text : "error: " + text) + "\n")
        }
        let hasCassette = FileManager.default.fileExists(atPath: location.cassetteURL.path)
        var options = RecordingOptions(
            live: false, cassettePaths: hasCassette ? [location.cassetteURL.path] : [],
            cassettesDirectory: location.directory.path, environment: [:], secrets: context.app.secrets,
            recordCommand: "locsim record \(scenario.name) --mode new-episodes")
        options.matching = context.app.matchingRules
        return ExportSource(
            name: scenario.name, display: scenario.file.track, path: scenario.trackURL.path,
            configuration: configuration,
            client: try session(options, DisplayPaths(typed: ["Recordings"], context: context)),
            inputs: [
                scenario.trackURL.path, location.cassetteURL.path, location.scenarioFileURL.path,
                location.expectationURL.path,
            ])
    }

    private static func session(_ options: RecordingOptions, _ paths: DisplayPaths) throws(Failure) -> any HTTPClient {
        do {
            return try RecordingSession(options: options).client
        } catch {
            throw Failure(exitCode: error.exitCode, text: paths.display(error.report))
        }
    }
}
