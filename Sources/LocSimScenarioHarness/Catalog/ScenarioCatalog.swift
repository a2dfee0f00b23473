package import Foundation

/// Every scenario folder under a recordings directory, and every orphaned recording.
///
/// A scenario is a folder `Recordings/<name>/` holding `scenario.json`; its `cassette.json` and
/// `expected.jsonl` sit beside it. A folder holding `expected.jsonl` or `cassette.json` without a
/// `scenario.json` is an orphan, and fails the suite (as gpsd's regression suite fails on a log
/// without its check file). Other folders and hidden entries are ignored.
package struct ScenarioCatalog: Sendable, Hashable {
    /// One folder the suite reports on.
    public enum Entry: Sendable, Hashable {
        case scenario(ScenarioLocation)
        case orphan(OrphanRecording)

        /// The folder name.
        public var name: String {
            switch self {
            case .scenario(let location): location.name
            case .orphan(let orphan): orphan.location.name
            }
        }
    }

    /// The directory that was searched.
    public var recordingsDirectory: URL
    /// The repository root used for display paths and tracks.
    public var root: URL
    /// Scenarios and orphans, sorted by name in byte order.
    public var entries: [Entry]

    /// The scenarios, sorted by name.
    public var scenarios: [ScenarioLocation] {
        entries.compactMap { if case .scenario(let location) = $0 { location } else { nil } }
    }

    /// The orphaned recordings, sorted by name.
    public var orphans: [OrphanRecording] {
        entries.compactMap { if case .orphan(let orphan) = $0 { orphan } else { nil } }
    }

    /// Lists `recordings` (one level deep).
    ///
    /// - Parameter root: the repository root; defaults to the parent of `recordings`.
    /// - Throws: ``HarnessError/recordingsDirectoryMissing(path:)`` when it cannot be listed.
    public static func discover(in recordings: URL, root: URL? = nil) throws(HarnessError) -> ScenarioCatalog {
        let fileManager = FileManager.default
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: recordings.path)
        } catch {
            throw .recordingsDirectoryMissing(path: recordings.path)
        }
        var entries: [Entry] = []
        for name in names where !name.hasPrefix(".") {
            let location = ScenarioLocation(name: name, recordingsDirectory: recordings, root: root)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: location.directory.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { continue }
            if isRegularFile(location.scenarioFileURL) {
                entries.append(.scenario(location))
                continue
            }
            let strays = [location.cassetteURL, location.expectationURL].filter(isRegularFile)
            if !strays.isEmpty {
                entries.append(.orphan(OrphanRecording(location: location, files: strays.map(\.lastPathComponent))))
            }
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let location = ScenarioLocation(name: "", recordingsDirectory: recordings, root: root)
        return ScenarioCatalog(recordingsDirectory: location.recordingsDirectory, root: location.root, entries: entries)
    }

    /// The entries named on the command line, in the catalog's sorted order, each once; every
    /// entry when `names` is empty. A name may be given as a path (`Recordings/franklin-la/`).
    ///
    /// - Throws: ``HarnessError/unknownScenario(name:suggestion:)`` for a name with no folder.
    public func select(_ names: [String]) throws(HarnessError) -> [Entry] {
        guard !names.isEmpty else { return entries }
        let known = Set(entries.map(\.name))
        var wanted = Set<String>()
        let here = recordingsDirectory.standardizedFileURL.path
        for argument in names {
            // An absolute path names a folder of these recordings, or none (another folder's
            // scenario of the same name is not this one).
            if argument.hasPrefix("/"),
                URL(fileURLWithPath: argument).standardizedFileURL.deletingLastPathComponent().path != here
            {
                throw .unknownScenario(name: argument, suggestion: nil)
            }
            let name = Self.scenarioName(fromArgument: argument)
            guard known.contains(name) else {
                throw .unknownScenario(name: name, suggestion: Suggestion.closest(to: name, in: entries.map(\.name)))
            }
            wanted.insert(name)
        }
        return entries.filter { wanted.contains($0.name) }
    }

    /// The scenario name in a command-line argument: the last non-empty path component.
    static func scenarioName(fromArgument argument: String) -> String {
        argument.split(separator: "/").last.map(String.init) ?? argument
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

/// A recordings folder with a cassette or expectation but no `scenario.json`.
public struct OrphanRecording: Sendable, Hashable {
    /// The folder.
    public var location: ScenarioLocation
    /// The stray files present (`cassette.json`, `expected.jsonl`), sorted.
    public var files: [String]

    /// The first stray file as shown to people (where an annotation points).
    public var firstFilePath: String { location.displayPath(files.first) }
}
