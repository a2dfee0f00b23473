import LocSimSupport

/// An exclusive advisory lock (`flock`) on a cassette, held for the whole of a recording, so two
/// recordings into one file never both report success while the file keeps only one of them.
///
/// The lock is a file next to the cassette, `<cassette>.lock` (`Recordings/x/cassette.json.lock`),
/// holding the owner's process id; it is removed when the lock is released. It is keyed on the
/// cassette's resolved path (``ResolvedPath``), so a symlinked alias of the cassette or of its
/// folder contends for the same lock. A symbolic link, FIFO or foreign file planted at the lock
/// file's name is refused (``Refused``) and never written. A second recorder
/// does not wait: ``acquire(for:)`` fails at once with ``Busy``, naming the lock file and the
/// process that holds it, before the second recorder has read or sent anything. The kernel drops
/// the lock when its holder dies (`kill -9` included), so a lock file left behind never blocks.
///
/// Every writer of a cassette that records takes it: ``RecordingSession`` does so for
/// `replay --live --record`, `record` and `serve --record`; a URLSession cassette should too:
///
/// ```swift
/// let lock = try CassetteLock.acquire(for: "Tests/Cassettes/login.json")
/// defer { lock.release() }
/// ```
public final class CassetteLock: Sendable {
    /// Another process records into the same cassette.
    public struct Busy: Error, Sendable, Hashable, CustomStringConvertible {
        /// The cassette.
        public var path: String
        /// The lock file.
        public var lockPath: String
        /// The process holding the lock, when its lock file says.
        public var holder: Int32?

        public init(path: String, lockPath: String, holder: Int32?) {
            self.path = path
            self.lockPath = lockPath
            self.holder = holder
        }

        public var description: String {
            let who = holder.map { "process \($0)" } ?? "another process"
            return "\(TerminalEscaping.escape(path)): error: \(who) is recording into this cassette "
                + "(lock \(TerminalEscaping.escape(lockPath))); "
                + "wait for it to finish, then run again (nothing was recorded)"
        }
    }

    /// A lock file locsim will not use: a symbolic link, a FIFO or device, a file with other
    /// names (hard links), or a file holding more than a process id. Nothing was written to it.
    public struct Refused: Error, Sendable, Hashable, CustomStringConvertible {
        /// The lock file, as shown.
        public var lockPath: String
        /// What it is (`it is a symbolic link`).
        public var what: String

        public init(lockPath: String, what: String) {
            self.lockPath = lockPath
            self.what = what
        }

        public var description: String {
            "refusing the lock file \(TerminalEscaping.escape(lockPath)): \(what), not a lock file locsim wrote; "
                + "remove it and run again (nothing was recorded)"
        }
    }

    /// The lock file of the cassette at `path`: the cassette's ``ResolvedPath`` + `.lock`, so
    /// every name of one cassette (a symlinked scenario folder, a symlinked cassette,
    /// `./Recordings/./x`) takes the same lock.
    public static func lockPath(for path: String) -> String { ResolvedPath.of(path) + ".lock" }

    /// The lock file's path, as shown: `path` + `.lock` (the same file through any symlinked
    /// folder), or the resolved lock path when the cassette itself is a symbolic link.
    public let lockPath: String
    /// Where the lock file is: ``lockPath(for:)``.
    private let resolvedLockPath: String
    private let descriptor: Int32
    /// The lock file's device and inode: ``release()`` removes the file only while it is the one
    /// this lock holds.
    private let identity: (device: UInt64, inode: UInt64)
    private let released = Locked(false)

    private init(
        lockPath: String, resolvedLockPath: String, descriptor: Int32, identity: (device: UInt64, inode: UInt64)
    ) {
        self.lockPath = lockPath
        self.resolvedLockPath = resolvedLockPath
        self.descriptor = descriptor
        self.identity = identity
    }

    /// Takes the lock for the cassette at `path`; without `waiting`, fails at once when another
    /// holds it, else waits until it is free.
    ///
    /// The lock file is opened without following a symbolic link, and only a regular file with
    /// one name holding a process id (or nothing) is written to: anything else planted at that
    /// name is refused, untouched.
    ///
    /// - Throws: ``Busy`` when another process holds it (and not `waiting`); ``Refused`` when
    ///   something other than a lock file is at the lock file's name; ``AtomicWriteError`` when
    ///   the lock file cannot be created (the directory is missing or read-only).
    public static func acquire(for path: String, waiting: Bool = false) throws -> CassetteLock {
        let resolvedLock = lockPath(for: path)
        var cassette = stat()
        let cassetteIsLink = lstat(path, &cassette) == 0 && cassette.st_mode & S_IFMT == S_IFLNK
        let shown = cassetteIsLink ? resolvedLock : path + ".lock"
        while true {
            var created = true
            var descriptor = open(resolvedLock, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == EEXIST {
                created = false
                descriptor = open(resolvedLock, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                if descriptor < 0, errno == ENOENT { continue }  // its holder removed it meanwhile
            }
            guard descriptor >= 0 else {
                let code = errno
                var info = stat()
                if lstat(resolvedLock, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    throw Refused(lockPath: shown, what: "it is a symbolic link")
                }
                if code == ENXIO || code == EISDIR { throw Refused(lockPath: shown, what: kind(info.st_mode)) }
                throw AtomicWriteError(path: shown, step: "cannot create the lock file", code: code)
            }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0 else {
                let code = errno
                close(descriptor)
                throw AtomicWriteError(path: shown, step: "cannot inspect the lock file", code: code)
            }
            guard opened.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw Refused(lockPath: shown, what: kind(opened.st_mode))
            }
            if flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                let holder = readHolder(descriptor)
                close(descriptor)
                if code == EWOULDBLOCK { throw Busy(path: path, lockPath: shown, holder: holder) }
                throw AtomicWriteError(path: shown, step: "cannot lock", code: code)
            }
            // The holder before us may have removed the file after we opened it: lock the file
            // that is at the path now, or try again.
            var current = stat()
            guard fstat(descriptor, &opened) == 0, lstat(resolvedLock, &current) == 0,
                opened.st_ino == current.st_ino, opened.st_dev == current.st_dev
            else {
                close(descriptor)
                continue
            }
            // A file left by a recorder that died holds its process id; anything else is not ours
            // to overwrite.
            if !created {
                if opened.st_nlink != 1 {
                    close(descriptor)
                    throw Refused(lockPath: shown, what: "it has other names (\(opened.st_nlink) hard links)")
                }
                if !holdsOnlyAProcessID(descriptor, size: Int(opened.st_size)) {
                    close(descriptor)
                    throw Refused(lockPath: shown, what: "it holds other text than a process id")
                }
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return CassetteLock(
                lockPath: shown, resolvedLockPath: resolvedLock, descriptor: descriptor,
                identity: (UInt64(opened.st_dev), UInt64(opened.st_ino)))
        }
    }

    /// Removes the lock file and releases the lock (once; later calls and `deinit` do nothing).
    public func release() {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        guard first else { return }
        var current = stat()
        if lstat(resolvedLockPath, &current) == 0, UInt64(current.st_dev) == identity.device,
            UInt64(current.st_ino) == identity.inode
        {
            unlink(resolvedLockPath)
        }
        close(descriptor)
    }

    deinit {
        release()
    }

    /// What a file of mode `mode` is, for ``Refused``.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "it is a FIFO"
        case S_IFDIR: return "it is a directory"
        case S_IFCHR, S_IFBLK: return "it is a device"
        case S_IFSOCK: return "it is a socket"
        default: return "it is not a regular file"
        }
    }

    /// Whether the file holds at most a process id and a newline (what ``acquire(for:waiting:)``
    /// writes), so overwriting it loses nothing.
    private static func holdsOnlyAProcessID(_ descriptor: Int32, size: Int) -> Bool {
        guard size <= 16 else { return false }
        var buffer = [UInt8](repeating: 0, count: 17)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0, count <= 16 else { return false }
        return buffer[0..<count].allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "\n")
        }
    }

    private static func readHolder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = buffer[0..<count].filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return Int32(String(decoding: digits, as: UTF8.self))
    }
}
