public import Foundation

/// Where a scenario's files live: `Recordings/<name>/{scenario.json, cassette.json, expected.jsonl}`.
///
/// Paths shown to people (``scenarioFilePath`` and friends) are relative to the repository root
/// when the recordings directory lies inside it (`Recordings/franklin-la/expected.jsonl`).
public struct ScenarioLocation: Sendable, Hashable {
    /// The folder name, which is the scenario's name.
    public var name: String
    /// The directory holding every scenario folder (the repository's `Recordings/`).
    public var recordingsDirectory: URL
    /// The repository root, against which `track` paths resolve.
    public var root: URL

    /// The scenario `name` under `recordingsDirectory`; `root` defaults to its parent.
    public init(name: String, recordingsDirectory: URL, root: URL? = nil) {
        self.name = name
        self.recordingsDirectory = recordingsDirectory.standardizedFileURL
        self.root = (root ?? recordingsDirectory.deletingLastPathComponent()).standardizedFileURL
    }

    /// The scenario's folder.
    public var directory: URL { recordingsDirectory.appendingPathComponent(name, isDirectory: true) }
    /// `scenario.json`.
    public var scenarioFileURL: URL { directory.appendingPathComponent("scenario.json") }
    /// `cassette.json`: the recorded HTTP interactions the run replays from.
    public var cassetteURL: URL { directory.appendingPathComponent("cassette.json") }
    /// `expected.jsonl`: the golden transcript.
    public var expectationURL: URL { directory.appendingPathComponent("expected.jsonl") }

    /// `scenario.json` as shown to people.
    public var scenarioFilePath: String { displayPath("scenario.json") }
    /// `cassette.json` as shown to people.
    public var cassettePath: String { displayPath("cassette.json") }
    /// `expected.jsonl` as shown to people.
    public var expectationPath: String { displayPath("expected.jsonl") }

    /// The folder (or a file in it) as shown to people: relative to the root when possible.
    public func displayPath(_ fileName: String? = nil) -> String {
        let recordings = recordingsDirectory.path
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let base = recordings.hasPrefix(rootPath) ? String(recordings.dropFirst(rootPath.count)) : recordings
        let folder = (base.isEmpty ? "" : base + "/") + name
        return fileName.map { folder + "/" + $0 } ?? folder + "/"
    }
}
