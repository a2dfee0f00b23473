/// Writes files atomically and durably: the bytes go to a new temporary file in the
/// destination's directory, are flushed to disk (`fsync`), and replace the destination with one
/// `rename(2)`; the directory is then flushed so the rename itself survives a power cut. A reader
/// sees the old file or the new one, never a mix; a failure at any step leaves the old file as it
/// was and removes the temporary file.
///
/// A destination that exists and is not a regular file (`/dev/stdout`, a FIFO, `/dev/full`) is
/// written in place: renaming over it would replace the device or pipe with a file.
///
/// The one atomic writer of the package: cassettes, expectations, JUnit reports, maps and
/// generated benchmark tracks are all written through it, and ``move(_:to:)`` puts files a
/// staging folder holds in place the same way.
public struct AtomicFileWriter: Sendable {
    /// Replaces `destination` with `source`; returns 0 or an `errno` value. Injected so tests can
    /// simulate a crash between writing and renaming.
    public var rename: @Sendable (_ source: String, _ destination: String) -> Int32
    /// Whether missing parent directories of the destination are created (`mkdir -p`).
    public var createsDirectories: Bool

    /// A writer using the real `rename(2)`.
    public init(createsDirectories: Bool = false) {
        self.init(createsDirectories: createsDirectories) { SystemCall.rename($0, $1) }
    }

    /// A writer with a custom rename step.
    public init(
        createsDirectories: Bool = false,
        rename: @escaping @Sendable (_ source: String, _ destination: String) -> Int32
    ) {
        self.rename = rename
        self.createsDirectories = createsDirectories
    }

    /// Writes `bytes` to `path` atomically.
    public func write(_ bytes: some Collection<UInt8>, to path: String) throws(AtomicWriteError) {
        try write(to: path) { (output: inout AtomicFileOutput) throws(AtomicWriteError) in
            try output.write(bytes)
        }
    }

    /// Writes UTF-8 `text` to `path` atomically.
    public func write(_ text: String, to path: String) throws(AtomicWriteError) {
        try write(text.utf8, to: path)
    }

    /// Writes what `produce` hands to its output to `path` atomically, as it is produced: for
    /// files too large to build in memory first.
    public func write(
        to path: String, _ produce: (inout AtomicFileOutput) throws(AtomicWriteError) -> Void
    ) throws(AtomicWriteError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            try writeInPlace(to: path, produce)
            return
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if createsDirectories, !directory.isEmpty {
            try Self.createDirectories(directory, for: path)
        }
        var descriptor: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = "\(directory)/.\(name).tmp-\(getpid())-\(attempt)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw AtomicWriteError(path: path, step: "cannot create a temporary file in \(directory)", code: errno)
        }
        func fail(_ step: String, _ code: Int32) -> AtomicWriteError {
            close(descriptor)
            unlink(temporary)
            return AtomicWriteError(path: path, step: step, code: code)
        }
        var output = AtomicFileOutput(descriptor: descriptor, path: path)
        do {
            try produce(&output)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if fsync(descriptor) != 0 { throw fail("fsync failed", errno) }
        if close(descriptor) != 0 {
            let code = errno
            unlink(temporary)
            throw AtomicWriteError(path: path, step: "close failed", code: code)
        }
        do {
            try move(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes into an existing special file (a device, a pipe).
    private func writeInPlace(
        to path: String, _ produce: (inout AtomicFileOutput) throws(AtomicWriteError) -> Void
    ) throws(AtomicWriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicWriteError(path: path, step: "cannot open", code: errno) }
        defer { close(descriptor) }
        var output = AtomicFileOutput(descriptor: descriptor, path: path)
        try produce(&output)
    }

    /// Flushes the directory entry of the rename. Best effort: the new file is already in place,
    /// and some file systems refuse `fsync` on a directory.
    static func synchronizeDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func createDirectories(_ directory: String, for path: String) throws(AtomicWriteError) {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw AtomicWriteError(path: path, step: "cannot create directory \(prefix)", code: errno)
            }
            var info = stat()
            if stat(prefix, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                throw AtomicWriteError(path: path, step: "cannot create directory \(prefix)", code: ENOTDIR)
            }
            prefix += "/"
        }
    }
}
