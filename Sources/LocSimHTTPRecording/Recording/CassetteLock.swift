import LocSimSupport

/// An exclusive advisory lock (`flock`) on a cassette, held for the whole of a recording, so two
/// recordings into one file never both report success while the file keeps only one of them.
///
/// The lock is a file next to the cassette, `<cassette>.lock` (`Recordings/x/cassette.json.lock`),
/// holding the owner's process id; it is removed when the lock is released. A second recorder
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
            return "\(path): error: \(who) is recording into this cassette (lock \(lockPath)); "
                + "wait for it to finish, then run again (nothing was recorded)"
        }
    }

    /// The lock file of the cassette at `path`: `path` + `.lock`.
    public static func lockPath(for path: String) -> String { path + ".lock" }

    /// The lock file's path.
    public let lockPath: String
    private let descriptor: Int32
    private let released = Locked(false)

    private init(lockPath: String, descriptor: Int32) {
        self.lockPath = lockPath
        self.descriptor = descriptor
    }

    /// Takes the lock for the cassette at `path`; without `waiting`, fails at once when another
    /// holds it, else waits until it is free.
    ///
    /// - Throws: ``Busy`` when another process holds it (and not `waiting`); ``AtomicWriteError``
    ///   when the lock file cannot be created (the directory is missing or read-only).
    public static func acquire(for path: String, waiting: Bool = false) throws -> CassetteLock {
        let lockPath = lockPath(for: path)
        while true {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw AtomicWriteError(path: lockPath, step: "cannot create the lock file", code: errno)
            }
            if flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                let holder = readHolder(descriptor)
                close(descriptor)
                if code == EWOULDBLOCK { throw Busy(path: path, lockPath: lockPath, holder: holder) }
                throw AtomicWriteError(path: lockPath, step: "cannot lock", code: code)
            }
            // The holder before us may have removed the file after we opened it: lock the file
            // that is at the path now, or try again.
            var opened = stat()
            var current = stat()
            guard fstat(descriptor, &opened) == 0, stat(lockPath, &current) == 0, opened.st_ino == current.st_ino,
                opened.st_dev == current.st_dev
            else {
                close(descriptor)
                continue
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return CassetteLock(lockPath: lockPath, descriptor: descriptor)
        }
    }

    /// Removes the lock file and releases the lock (once; later calls and `deinit` do nothing).
    public func release() {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        guard first else { return }
        unlink(lockPath)
        close(descriptor)
    }

    deinit {
        release()
    }

    private static func readHolder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = buffer[0..<count].filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return Int32(String(decoding: digits, as: UTF8.self))
    }
}
