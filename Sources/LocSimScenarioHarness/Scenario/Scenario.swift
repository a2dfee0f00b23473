public import Foundation
public import LocSimSettings
public import LocSimSimulation
import LocSimSupport

/// A scenario read from disk: where it lives and its validated `scenario.json`.
///
/// This is the library face for users' own test suites:
/// ```swift
/// let scenario = try Scenario.load(named: "franklin-la", in: recordingsURL)
/// let transcript = try scenario.run(using: executor)
/// #expect(transcript.events(named: "push").count == 1)
/// #expect(transcript.text == (try scenario.expectedTranscript().text))
/// ```
/// The executor (the replay pipeline) is always passed in; nothing here holds global state.
public struct Scenario: Sendable, Hashable {
    /// Where the scenario's files are.
    public var location: ScenarioLocation
    /// The validated settings.
    public var file: ScenarioFile

    public init(location: ScenarioLocation, file: ScenarioFile) {
        self.location = location
        self.file = file
    }

    /// The scenario's name (its folder name).
    public var name: String { location.name }

    /// The GPX track, resolved against the repository root.
    public var trackURL: URL { location.root.appendingPathComponent(file.track) }

    /// Reads and validates the scenario `name` under `recordings` (a bare name, or a path whose
    /// last component is the name, like `Recordings/franklin-la/`), or at `name` when it is the
    /// absolute path of a scenario folder elsewhere.
    ///
    /// - Parameters:
    ///   - root: the repository root for `track`; defaults to the parent of `recordings`.
    ///   - table: the settings the file may state: the run's app's (`ReplayApp.settingsTable`).
    /// - Throws: ``HarnessError/unknownScenario(name:suggestion:)`` when there is no such folder
    ///   with a `scenario.json`, ``HarnessError/recordingsDirectoryMissing(path:)`` when
    ///   `recordings` is no folder, ``HarnessError/invalidScenario(_:)`` when the file breaks the schema.
    public static func load(
        named name: String, in recordings: URL, root: URL? = nil,
        settings table: [ReplaySettingSpec] = ReplaySettingSpec.all
    ) throws(HarnessError)
        -> Scenario
    {
        // An absolute path to a scenario folder elsewhere is that folder (its track under the
        // folder's own repository unless `root` is given), not its name under `recordings`.
        if name.hasPrefix("/") {
            let folder = URL(fileURLWithPath: name, isDirectory: true).standardizedFileURL
            let named = recordings.appendingPathComponent(folder.lastPathComponent).standardizedFileURL
            if folder.path != named.path,
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenario.json").path)
            {
                let elsewhere = folder.deletingLastPathComponent()
                return try load(
                    ScenarioLocation(
                        name: folder.lastPathComponent, recordingsDirectory: elsewhere,
                        root: root ?? elsewhere.deletingLastPathComponent()),
                    settings: table)
            }
        }
        let name = ScenarioCatalog.scenarioName(fromArgument: name)
        let location = ScenarioLocation(name: name, recordingsDirectory: recordings, root: root)
        guard FileManager.default.fileExists(atPath: location.scenarioFileURL.path) else {
            // A recordings URL that names no folder (a test's `#filePath` arithmetic one level
            // off) is that, not an unknown name in a folder that does not exist.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: recordings.path, isDirectory: &isFolder), isFolder.boolValue
            else { throw .recordingsDirectoryMissing(path: recordings.path) }
            let known = (try? ScenarioCatalog.discover(in: recordings, root: root))?.scenarios.map(\.name) ?? []
            throw .unknownScenario(name: name, suggestion: Suggestion.closest(to: name, in: known))
        }
        return try load(location, settings: table)
    }

    /// Reads and validates the `scenario.json` at `location`, with the settings `table` (the
    /// run's app's `ReplayApp.settingsTable`; default: no plug-in's options).
    public static func load(
        _ location: ScenarioLocation, settings table: [ReplaySettingSpec] = ReplaySettingSpec.all
    ) throws(HarnessError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: location.scenarioFileURL.path) else {
            throw .unreadable(path: location.scenarioFilePath)
        }
        do {
            let file = try ScenarioFile.parse(utf8: data, file: location.scenarioFilePath, settings: table)
            let scenario = Scenario(location: location, file: file)
            try scenario.checkTrackInsideRoot()
            return scenario
        } catch {
            throw .invalidScenario(error)
        }
    }

    /// Refuses a `track` whose file, once symbolic links are resolved, lies outside the
    /// repository root (`Waypoints/x.gpx` linking to `/etc/passwd`). Parsing already refuses
    /// `..` components and absolute paths; a track that does not exist is left to the run.
    func checkTrackInsideRoot() throws(ScenarioFileError) {
        guard let track = Scenario.resolved(trackURL.path), let root = Scenario.resolved(location.root.path) else {
            return
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard !track.hasPrefix(prefix) else { return }
        throw ScenarioFileError(
            file: location.scenarioFilePath,
            diagnostics: [
                .init(
                    keyPath: "track",
                    message: "'track' must stay inside the repository root, but \"\(file.track)\" "
                        + "resolves (through a symbolic link) to a file outside it")
            ])
    }

    /// `path` with every symbolic link resolved, or `nil` when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Runs the scenario with `executor` and parses the transcript it produces.
    ///
    /// - Throws: whatever the executor throws, or ``TranscriptError`` when its output is not a
    ///   transcript.
    public func run(using executor: some ScenarioExecutor) throws -> Transcript {
        try Transcript(parsing: executor.run(self))
    }

    /// The golden transcript, `expected.jsonl`, exactly as stored.
    public func expectedText() throws(HarnessError) -> String {
        guard let data = FileManager.default.contents(atPath: location.expectationURL.path) else {
            throw .unreadable(path: location.expectationPath)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The golden transcript, parsed.
    public func expectedTranscript() throws -> Transcript {
        try Transcript(parsing: expectedText())
    }

    /// Replaces `expected.jsonl` with `transcript` atomically (what `--update` and `locsim record` do).
    public func writeExpectation(_ transcript: String) throws(HarnessError) {
        do {
            try AtomicFileWriter(createsDirectories: true).write(transcript, to: location.expectationURL.path)
        } catch {
            throw .cannotWrite(error)
        }
    }
}
