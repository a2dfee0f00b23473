package import Foundation

/// The folder `locsim record` stages a scenario's new `cassette.json` and `expected.jsonl` in:
/// `Recordings/<name>/.locsim-record-<pid>/`, with a `COMMIT` file (listing the files to move)
/// once both are complete and the swap into place has begun. A folder with `COMMIT` and some but
/// not all listed files moved means the swap was cut short half way (SIGKILL, power loss): the
/// pair is half old, half new. The next `locsim record` finishes the swap; `locsim test` refuses
/// the scenario and says so. Any other folder left behind is litter (``Litter``): the scenario's
/// files are intact, `locsim test` runs it, and the next command that writes in the scenario's
/// folder removes it: `locsim record`, `locsim test --update`, or a `replay --record` /
/// `serve --record` into its cassette (``removeAbandoned(besideCassette:)``).
package enum RecordStagingFolder {
    /// The folder name's prefix; the recording process's id follows.
    public static let prefix = ".locsim-record-"
    /// The marker written once both staged files are complete.
    public static let commitMarker = "COMMIT"

    /// The name of the folder process `pid` stages in.
    public static func name(pid: Int32) -> String { "\(prefix)\(pid)" }

    /// The id of the process that staged in `folder` (0 when its name carries none).
    public static func pid(of folder: URL) -> Int32 {
        Int32(folder.lastPathComponent.dropFirst(prefix.count)) ?? 0
    }

    /// Whether process `pid` is alive (one of another user's counts: `EPERM`).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// The staging folders under `directory` (a scenario folder), sorted: real folders only. A
    /// symbolic link (or anything else) at such a name was not made by `locsim record`, so
    /// nothing is moved out of it or removed through it.
    public static func folders(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().compactMap { name in
            var info = stat()
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            return folder
        }
    }

    /// What a staging folder left behind holds.
    public enum Litter: Sendable, Hashable {
        /// No `COMMIT`: a recording stopped before its swap began; the scenario's files are
        /// untouched and the folder is only litter.
        case abandoned
        /// `COMMIT`, and every file it lists is still staged: the swap had not moved anything,
        /// the scenario's files are the old pair, intact.
        case notSwapped
        /// `COMMIT`, some listed files moved into place and some still staged: the pair is half
        /// old, half new (`moved` are new, `left` old).
        case halfSwapped(moved: [String], left: [String])
    }

    /// The names the `COMMIT` marker written by `commit` lists (the files to move), one a line.
    public static func commitText(moving names: [String]) -> String {
        names.map { $0 + "\n" }.joined()
    }

    /// What `folder` holds (see ``Litter``). A `COMMIT` written by an older build lists nothing:
    /// then whatever is still staged is taken as not moved, the rest as moved.
    public static func litter(_ folder: URL) -> Litter {
        let marker = folder.appendingPathComponent(commitMarker).path
        guard let data = FileManager.default.contents(atPath: marker) else { return .abandoned }
        var listed = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        if listed.isEmpty { listed = ["cassette.json", "expected.jsonl"] }
        let left = listed.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        let moved = listed.filter { !left.contains($0) }
        if moved.isEmpty { return .notSwapped }
        if left.isEmpty { return .abandoned }
        return .halfSwapped(moved: moved, left: left)
    }

    /// The staging folder under `directory` whose swap was cut short half way, if any: the only
    /// litter that leaves the scenario's pair inconsistent.
    public static func interruptedSwap(in directory: URL) -> URL? {
        folders(in: directory).first {
            if case .halfSwapped = litter($0) { return true }
            return false
        }
    }

    /// ``removeAbandoned(in:)`` for the folder of the cassette at `path`, when that folder holds
    /// staging folders (a scenario's `cassette.json` being recorded into by `--record`).
    @discardableResult
    public static func removeAbandoned(besideCassette path: String) -> [String] {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        return folders(in: directory).isEmpty ? [] : removeAbandoned(in: directory)
    }

    /// Removes the staging folders under `directory` that are only litter (``Litter/abandoned``)
    /// and whose process is gone: run by every command that writes in a scenario folder. Returns
    /// the names of the folders removed.
    @discardableResult
    public static func removeAbandoned(in directory: URL) -> [String] {
        var removed: [String] = []
        for folder in folders(in: directory) where litter(folder) == .abandoned {
            let pid = pid(of: folder)
            guard pid != getpid(), !isRunning(pid) else { continue }
            if (try? FileManager.default.removeItem(at: folder)) != nil { removed.append(folder.lastPathComponent) }
        }
        return removed
    }
}
