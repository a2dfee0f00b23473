/// Writes files atomically and durably: the bytes go to a new temporary file in the
/// destination's directory, are flushed to disk (`fsync`), and replace the destination with one
/// `rename(2)`; the directory is then flushed so the rename itself survives a power cut. A reader
/// sees the old file or the new one, never a mix; a failure at any step leaves the old file as it
/// was and removes the temporary file.
///
/// The temporary file is `.<name>.tmp-<pid>-<random>`, created with `O_CREAT | O_EXCL |
/// O_NOFOLLOW` and mode 0600 (so nothing planted at a guessed name is followed or written, and
/// no one reads a half-written file), given its final mode (0644 less the umask) just before the
/// rename. A rename over a symbolic link replaces the link, never the file it points to. The
/// temporaries of the same destination that a killed writer left (its process is gone) are
/// removed by the next write (``StaleTemporaryFiles``).
///
/// A destination that exists and is not a regular file (`/dev/stdout`, a FIFO, `/dev/full`) is
/// written in place when ``writesSpecialFilesInPlace`` (a path the user named: `-o`, `--map`,
/// `--junit`): renaming over it would replace the device or pipe with a file. A FIFO no process
/// reads is refused at once (`ENXIO`), never waited for. Otherwise (a path locsim chose: a
/// cassette, an expectation, a file in an export folder) such a destination is refused.
///
/// The one atomic writer of the package: cassettes, expectations, JUnit reports, maps and
/// generated benchmark tracks are all written through it, and ``move(_:to:)`` puts files a
/// staging folder holds in place the same way.
package struct AtomicFileWriter: Sendable {
    /// Replaces `destination` with `source`; returns 0 or an `errno` value. Injected so tests can
    /// simulate a crash between writing and renaming.
    package var rename: @Sendable (_ source: String, _ destination: String) -> Int32
    /// Whether missing parent directories of the destination are created (`mkdir -p`).
    package var createsDirectories: Bool
    /// Whether a destination that is a device or FIFO (itself or through a symbolic link) is
    /// written in place; when `false` it is refused. Set it only for a path the user named.
    package var writesSpecialFilesInPlace = false

    /// A writer using the real `rename(2)`.
    package init(createsDirectories: Bool = false, writesSpecialFilesInPlace: Bool = false) {
        self.init(createsDirectories: createsDirectories, writesSpecialFilesInPlace: writesSpecialFilesInPlace) {
            SystemCall.rename($0, $1)
        }
    }

    /// A writer with a custom rename step.
    package init(
        createsDirectories: Bool = false, writesSpecialFilesInPlace: Bool = false,
        rename: @escaping @Sendable (_ source: String, _ destination: String) -> Int32
    ) {
        self.rename = rename
        self.createsDirectories = createsDirectories
        self.writesSpecialFilesInPlace = writesSpecialFilesInPlace
    }

    /// Writes `bytes` to `path` atomically.
    package func write(_ bytes: some Collection<UInt8>, to path: String) throws(AtomicWriteError) {
        try write(to: path) { (output: inout AtomicFileOutput) throws(AtomicWriteError) in
            try output.write(bytes)
        }
    }

    /// Writes UTF-8 `text` to `path` atomically.
    package func write(_ text: String, to path: String) throws(AtomicWriteError) {
        try write(text.utf8, to: path)
    }

    /// Writes what `produce` hands to its output to `path` atomically, as it is produced: for
    /// files too large to build in memory first.
    package func write(
        to path: String, _ produce: (inout AtomicFileOutput) throws(AtomicWriteError) -> Void
    ) throws(AtomicWriteError) {
        var link = stat()
        var info = stat()
        if lstat(path, &link) == 0, stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG,
            info.st_mode & S_IFMT != S_IFDIR
        {
            if writesSpecialFilesInPlace {
                try writeInPlace(to: path, produce)
                return
            }
            // A link to a device is replaced like any link; a device or FIFO itself is refused.
            if link.st_mode & S_IFMT != S_IFLNK {
                throw AtomicWriteError(
                    path: path, step: "it is \(Self.kind(info.st_mode)), not a regular file (nothing was written)",
                    code: 0)
            }
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if createsDirectories, !directory.isEmpty {
            try Self.createDirectories(directory, for: path)
        }
        let folder = directory.isEmpty ? "/" : directory
        StaleTemporaryFiles.remove(of: name, in: folder)
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<100 {
            temporary = "\(folder)/\(StaleTemporaryFiles.newName(of: name))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
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
        if fchmod(descriptor, Self.finalMode) != 0 { throw fail("cannot set the file's mode", errno) }
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

    /// Writes into an existing special file (a device, a pipe). A FIFO is opened without
    /// waiting: with no process reading it, the write fails at once (`ENXIO`).
    private func writeInPlace(
        to path: String, _ produce: (inout AtomicFileOutput) throws(AtomicWriteError) -> Void
    ) throws(AtomicWriteError) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENXIO {
                throw AtomicWriteError(path: path, step: "no process reads this FIFO (nothing was written)", code: 0)
            }
            throw AtomicWriteError(path: path, step: "cannot open", code: code)
        }
        defer { close(descriptor) }
        // Written blocking, as any output: the reader sets the pace.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var output = AtomicFileOutput(descriptor: descriptor, path: path)
        try produce(&output)
    }

    /// What a file of mode `mode` is: `a FIFO`, `a device`, `a socket`.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// The mode a new file gets: 0644 less the process's umask, as `open(2)` would give it.
    static let finalMode: mode_t = 0o644 & ~ProcessUmask.current

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
