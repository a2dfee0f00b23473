public import Foundation

/// The folder `locsim record` stages a scenario's new `cassette.json` and `expected.jsonl` in:
/// `Recordings/<name>/.locsim-record-<pid>/`, with a `COMMIT` file once both are complete and
/// the swap into place has begun. A folder with `COMMIT` left behind means the swap was cut
/// short (SIGKILL, power loss): the pair may be half old, half new. The next `locsim record`
/// finishes the swap; `locsim test` refuses the scenario and says so.
public enum RecordStagingFolder {
    /// The folder name's prefix; the recording process's id follows.
    public static let prefix = ".locsim-record-"
    /// The marker written once both staged files are complete.
    public static let commitMarker = "COMMIT"

    /// The name of the folder process `pid` stages in.
    public static func name(pid: Int32) -> String { "\(prefix)\(pid)" }

    /// The staging folders under `directory` (a scenario folder), sorted.
    public static func folders(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map {
            directory.appendingPathComponent($0, isDirectory: true)
        }
    }

    /// The staging folder under `directory` whose swap was interrupted, if any.
    public static func interruptedSwap(in directory: URL) -> URL? {
        folders(in: directory).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(commitMarker).path)
        }
    }
}
