import CanonicalJSON
import Foundation

/// Reads cassettes from disk: single files, and every cassette under a directory.
public enum CassetteStore {
    /// Loads the cassette at `path`. A missing file is ``CassetteError/Kind/missing``.
    public static func load(_ path: String) throws(CassetteError) -> Cassette {
        guard let cassette = try loadIfPresent(path) else {
            throw CassetteError(kind: .missing, path: path, reason: "no such cassette file")
        }
        return cassette
    }

    /// Loads the cassette at `path`, or returns `nil` when there is no file there.
    public static func loadIfPresent(_ path: String) throws(CassetteError) -> Cassette? {
        guard let bytes = try read(path) else { return nil }
        return try Cassette.parse(utf8: bytes, path: path)
    }

    /// Every cassette under `directory` (recursively), sorted by path.
    ///
    /// Every `*.json` file must be valid JSON (a truncated cassette is reported, never skipped).
    /// JSON files whose top level is not an object with an `interactions` member (such as
    /// `scenario.json`) are not cassettes and are skipped. A missing directory holds no cassettes.
    public static func discover(in directory: String) throws(CassetteError) -> [(path: String, cassette: Cassette)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw CassetteError(kind: .io, path: directory, reason: "not a directory")
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let relativePaths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
        var found: [(path: String, cassette: Cassette)] = []
        for relative in relativePaths.sorted() where relative.hasSuffix(".json") {
            let path = base + "/" + relative
            guard let bytes = try read(path) else { continue }
            let root = try Cassette.json(utf8: bytes, path: path)
            guard root["interactions"] != nil else { continue }
            found.append((path, try Cassette.decode(root, path: path)))
        }
        return found
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there.
    static func read(_ path: String) throws(CassetteError) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else {
            throw CassetteError(kind: .io, path: path, reason: "is a directory, not a cassette file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CassetteError(kind: .io, path: path, reason: "cannot read the file")
        }
        return Array(data)
    }
}
