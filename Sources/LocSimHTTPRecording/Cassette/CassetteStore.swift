import Foundation
import LocSimCanonicalJSON

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads cassettes from disk: single files, and every cassette under a directory.
///
/// A file larger than ``maxFileBytes`` is refused before it is read, so a hostile or runaway
/// cassette cannot take memory in proportion to its size.
public enum CassetteStore {
    /// The largest cassette file read by default: 128 MiB (one body may hold at most
    /// ``Cassette/defaultMaxBodyBytes``). With a larger body cap the file cap is twice the body cap.
    public static let maxFileBytes = 128 << 20

    /// The file cap that goes with a body cap of `maxBodyBytes`.
    public static func maxFileBytes(forBodyCap maxBodyBytes: Int) -> Int {
        max(maxFileBytes, maxBodyBytes.multipliedReportingOverflow(by: 2).overflow ? Int.max : maxBodyBytes * 2)
    }

    /// Loads the cassette (or HAR) at `path`. A missing file is ``CassetteError/Kind/missing``;
    /// a body larger than `maxBodyBytes` is an error.
    public static func load(
        _ path: String, maxBodyBytes: Int = Cassette.defaultMaxBodyBytes,
        redactor: Redactor = Redactor(declarations: [], environment: [:])
    ) throws(CassetteError) -> Cassette {
        guard let cassette = try loadIfPresent(path, maxBodyBytes: maxBodyBytes, redactor: redactor) else {
            throw CassetteError(kind: .missing, path: path, reason: "no such cassette file")
        }
        return cassette
    }

    /// Loads the cassette at `path`, or returns `nil` when there is no file there.
    ///
    /// This is where every cassette file a run replays is read, so a HAR is accepted wherever a
    /// cassette is: a file named `*.har`, or JSON with a `log` and no `interactions`, is read by
    /// ``HARReader`` with ``HARImportOptions/replay(redactor:maxBodyBytes:)`` (every host,
    /// entries a cassette cannot hold left out, secrets replaced by `redactor`).
    public static func loadIfPresent(
        _ path: String, maxBodyBytes: Int = Cassette.defaultMaxBodyBytes,
        redactor: Redactor = Redactor(declarations: [], environment: [:])
    ) throws(CassetteError) -> Cassette? {
        let isHARPath = HARReader.isHARPath(path)
        let cap = isHARPath ? HARReader.maxFileBytes(forBodyCap: maxBodyBytes) : maxFileBytes(forBodyCap: maxBodyBytes)
        guard let bytes = try read(path, maxBytes: cap) else { return nil }
        let options = HARImportOptions.replay(redactor: redactor, maxBodyBytes: maxBodyBytes)
        if isHARPath { return try HARReader.read(owning: bytes, path: path, options: options).cassette }
        // The file's bytes go once parsed (read again only to place an error): the tree, then
        // the cassette built from it as the tree is freed, are all that is held.
        let root = try Cassette.json(utf8: HARReader.droppingByteOrderMark(consume bytes), path: path)
        if HARReader.isHAR(root) {
            return try HARReader.read(owning: consume root, path: path, options: options).cassette
        }
        return try Cassette.decode(
            owning: consume root, utf8: { Self.bytesAgain(path, maxBytes: cap) }, path: path, maxBodyBytes: maxBodyBytes
        )
    }

    /// The file's bytes read a second time, to place an error (`[]` if that fails).
    static func bytesAgain(_ path: String, maxBytes: Int) -> [UInt8] {
        let bytes = (try? read(path, maxBytes: maxBytes)) ?? nil
        return HARReader.droppingByteOrderMark(bytes ?? [])
    }

    /// Every cassette under `directory` (recursively), sorted by path.
    ///
    /// Every `*.json` file must be valid JSON (a truncated cassette is reported, never skipped).
    /// `scenario.json` files are never cassettes and are not read (a broken one is the scenario's
    /// problem, reported by `locsim test`, not every replay's); other JSON files whose top level
    /// is not an object with an `interactions` member are skipped, as are files under folders
    /// named `.locsim-…` (`locsim record`'s staging). A missing directory holds no cassettes.
    public static func discover(
        in directory: String, maxBodyBytes: Int = Cassette.defaultMaxBodyBytes
    ) throws(CassetteError) -> [(path: String, cassette: Cassette)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw CassetteError(kind: .io, path: directory, reason: "not a directory")
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let relativePaths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
        var found: [(path: String, cassette: Cassette)] = []
        // `.locsim-record-<pid>/` folders hold a recording in progress (or one a kill left).
        for relative in relativePaths.sorted()
        where relative.hasSuffix(".json") && relative.split(separator: "/").last != "scenario.json"
            && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".locsim-") })
        {
            let path = base + "/" + relative
            let cap = maxFileBytes(forBodyCap: maxBodyBytes)
            guard let bytes = try read(path, maxBytes: cap) else { continue }
            let root = try Cassette.json(utf8: consume bytes, path: path)
            guard root["interactions"] != nil else { continue }
            found.append(
                (
                    path,
                    try Cassette.decode(
                        owning: consume root, utf8: { Self.bytesAgain(path, maxBytes: cap) }, path: path,
                        maxBodyBytes: maxBodyBytes)
                ))
        }
        return found
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there.
    ///
    /// The file is opened without waiting (`O_NONBLOCK`) and must be a regular file: a FIFO,
    /// device or socket is refused at once (``CassetteError/Kind/missing``: nothing to read, exit
    /// 66), never read or waited on; a directory is an ``CassetteError/Kind/io`` error.
    static func read(_ path: String, maxBytes: Int = maxFileBytes) throws(CassetteError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == EISDIR {
                throw CassetteError(kind: .io, path: path, reason: "is a directory, not a cassette file")
            }
            throw CassetteError(
                kind: .io, path: path, reason: "cannot read the file: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw CassetteError(
                kind: .io, path: path, reason: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CassetteError(kind: .io, path: path, reason: "is a directory, not a cassette file")
        default:
            let what = info.st_mode & S_IFMT == S_IFIFO ? "a FIFO" : "a device or socket"
            throw CassetteError(
                kind: .missing, path: path,
                reason: "is \(what), not a regular file (cassettes and HAR files are read from files)")
        }
        let size = Int(info.st_size)
        if size > maxBytes {
            throw CassetteError(
                kind: .io, path: path,
                reason: "the file is \(describeByteCount(size)), larger than the \(describeByteCount(maxBytes)) "
                    + "cassette cap")
        }
        guard let bytes = readBytes(descriptor, expectedSize: size, maxBytes: maxBytes) else {
            throw CassetteError(kind: .io, path: path, reason: "cannot read the file")
        }
        return bytes
    }

    /// The file's bytes in one array reserved at its size (no `Data` copy), stopping at the cap.
    private static func readBytes(_ descriptor: Int32, expectedSize: Int, maxBytes: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expectedSize + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0, bytes.count <= maxBytes else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
