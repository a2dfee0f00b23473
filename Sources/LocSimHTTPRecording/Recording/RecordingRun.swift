import Foundation
import LocSimSupport

/// The recording run a session that writes as it goes (``RecordingOptions/locksEachWrite``, the
/// URLSession one-liner) belongs to: what `once` and `all` decide once for every session and
/// process recording into the same cassette at the same time, instead of once per session.
///
/// A run of a cassette lasts while at least one process is recording into it. A process joins
/// with its first recording session of the cassette and stays in for the rest of its life (one
/// registry entry per resolved path); a process that joins while another process of the run is
/// alive joins that run, one that joins when none is starts a new run — unless the run's members
/// were started by the same command as it is (``launcher()``, Linux): one `swift test` runs
/// XCTest's tests and then Swift Testing's in two processes, one after the other, and they are
/// one run. Two processes started at once are one run as soon as the second
/// joins before the first exits; the next `swift test` is a new run.
///
/// The run's state is a file outside the cassette folder,
/// `$TMPDIR/locsim-recording-runs-<uid>/<name>-<hash>.run`, which every member holds with a
/// shared `flock` (the kernel drops it when a member dies, `kill -9` included); a process that
/// can take it exclusively is alone, so it starts a new run and writes the state. Joining is
/// serialized by an exclusive `flock` on the `.join` file beside it. A process starting its first
/// run removes the files of runs that are over (``sweep(folder:)``): no member holds them and
/// no live command will start another member, so the folder does not grow with every cassette
/// path a test suite ever used.
///
/// The state: whether the cassette held any interaction when the run began (`once` records only
/// when it did not), how many interactions at the front of the file are from before the run
/// and not re-recorded yet (`all` replaces those a request of the run matches), and the
/// members' ``launcher()``. The count is read and written with the cassette's ``CassetteLock`` held.
final class RecordingRun: Sendable {
    /// The run file.
    let path: String
    /// Whether the cassette held at least one interaction when the run began.
    let hadRecording: Bool
    /// The run file, open with a shared `flock` until the process exits.
    private let descriptor: Int32

    private init(path: String, hadRecording: Bool, descriptor: Int32) {
        self.path = path
        self.hadRecording = hadRecording
        self.descriptor = descriptor
    }

    /// The processes's runs, by the cassette's resolved path.
    private static let registry = Locked<[String: RecordingRun]>([:])

    /// The run of the cassette at `cassette` this process is in: joined (or started) on the
    /// first call for the file, the same object afterwards.
    ///
    /// - Throws: ``RecordingError/cassette(_:)`` when the cassette cannot be read at the start of
    ///   a run, or the run file cannot be created.
    static func joined(cassette: String, maxBodyBytes: Int) throws(RecordingError) -> RecordingRun {
        let key = resolved(cassette)
        return try registry.withLock { runs throws(RecordingError) -> RecordingRun in
            if let run = runs[key] { return run }
            let run = try join(cassette: cassette, key: key, maxBodyBytes: maxBodyBytes)
            runs[key] = run
            return run
        }
    }

    /// How many interactions at the front of the cassette are from before the run and were not
    /// re-recorded. Call with the cassette's lock held.
    func preRunCount() -> Int {
        Self.read(descriptor)?.preRun ?? 0
    }

    /// Records the new ``preRunCount()`` after a write. Call with the cassette's lock held.
    func setPreRunCount(_ count: Int) {
        guard var state = Self.read(descriptor) else { return }
        state.preRun = count
        Self.write(state, to: descriptor)
    }

    private struct State {
        var hadRecording: Bool
        var preRun: Int
        var launcher: String
    }

    /// The command this process is part of, as `pid.start-time` of its parent: the same for the
    /// processes one `swift test` starts one after the other (SwiftPM starts each in a process
    /// group of its own, so the group cannot tell), different for the next `swift test`. Empty
    /// (every process its own command) when the parent is a shell (`sh`, `bash`, `zsh`, …: each
    /// command typed or scripted there is one), is `init`, or cannot be read: on platforms other
    /// than Linux, where it is not read (docs/platforms.md).
    static func launcher() -> String {
        #if os(Linux)
            let parent = getppid()
            guard parent > 1,
                let name = try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8),
                !shells.contains(name.trimmingCharacters(in: .whitespacesAndNewlines)),
                let start = startTime(of: parent)
            else { return "" }
            return "\(parent).\(start)"
        #else
            return ""
        #endif
    }

    /// When process `pid` started (`/proc/PID/stat` field 22), or `nil` when it is not running.
    static func startTime(of pid: Int32) -> Substring? {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // The fields after the command's ")" start at field 3.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 19 ? fields[19] : nil
        #else
            return nil
        #endif
    }

    /// Shells, whose every command is a command of its own.
    private static let shells: Set<String> = [
        "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox",
    ]

    private static func join(cassette: String, key: String, maxBodyBytes: Int) throws(RecordingError) -> RecordingRun {
        let folder = FileManager.default.temporaryDirectory.path + "/locsim-recording-runs-\(getuid())"
        let name = (key as NSString).lastPathComponent + "-" + hash(key)
        let runPath = folder + "/" + name + ".run"
        func failure(_ step: String, _ path: String, _ code: Int32) -> RecordingError {
            .cassette(
                CassetteError(
                    kind: .write, path: cassette,
                    reason:
                        "cannot join the recording run (\(path)): \(AtomicWriteError(path: path, step: step, code: code).reason)"
                ))
        }
        if mkdir(folder, 0o700) != 0, errno != EEXIST { throw failure("cannot create the folder", folder, errno) }
        sweepOnce(folder: folder)
        let joinPath = folder + "/" + name + ".join"
        var join: Int32
        while true {
            join = open(joinPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard join >= 0 else { throw failure("cannot create the join lock", joinPath, errno) }
            guard lock(join, LOCK_EX) else {
                let code = errno
                close(join)
                throw failure("cannot lock", joinPath, code)
            }
            // A sweep may have removed the file while this process waited for its lock.
            if isStill(join, at: joinPath) { break }
            close(join)
        }
        defer { close(join) }
        let descriptor = open(runPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create the run file", runPath, errno) }
        let state: State
        let launcher = launcher()
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            if !launcher.isEmpty, let last = read(descriptor), last.launcher == launcher {
                // No member alive, but the last were started by this process's launcher: their run goes on.
                state = last
            } else {
                // No other member: a new run, which begins with what the file holds now.
                let count: Int
                do {
                    count =
                        try CassetteStore.loadIfPresent(cassette, maxBodyBytes: maxBodyBytes)?.interactions.count ?? 0
                } catch {
                    close(descriptor)
                    throw .cassette(error)
                }
                state = State(hadRecording: count > 0, preRun: count, launcher: launcher)
                write(state, to: descriptor)
            }
        } else {
            // Members only ever hold it shared (an exclusive holder holds `.join` too).
            guard errno == EWOULDBLOCK, let read = read(descriptor) else {
                let code = errno
                close(descriptor)
                throw failure("cannot read the run", runPath, code)
            }
            state = read
        }
        // Shared from now on, for the process's life (safe to convert: joiners hold `.join`).
        guard lock(descriptor, LOCK_SH) else {
            let code = errno
            close(descriptor)
            throw failure("cannot lock", runPath, code)
        }
        return RecordingRun(path: runPath, hadRecording: state.hadRecording, descriptor: descriptor)
    }

    /// Sweeps `folder` once per process (on the first run joined).
    private static func sweepOnce(folder: String) {
        let first = swept.withLock { swept in
            defer { swept = true }
            return !swept
        }
        if first { sweep(folder: folder) }
    }

    private static let swept = Locked(false)

    /// Removes the files of the runs in `folder` that are over: no process holds the run file,
    /// and its members' launcher (``launcher()``) is gone, so no process will continue the run.
    /// A run being joined or swept elsewhere (its `.join` locked) is left alone.
    static func sweep(folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".join") {
            let joinPath = folder + "/" + name
            let join = open(joinPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard join >= 0 else { continue }
            defer { close(join) }
            guard flock(join, LOCK_EX | LOCK_NB) == 0, isStill(join, at: joinPath) else { continue }
            let runPath = String(joinPath.dropLast(".join".count)) + ".run"
            let run = open(runPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            if run >= 0 {
                defer { close(run) }
                guard flock(run, LOCK_EX | LOCK_NB) == 0 else { continue }
                if let state = read(run), isAlive(launcher: state.launcher) { continue }
                unlink(runPath)
            } else if errno != ENOENT {
                continue
            }
            unlink(joinPath)
        }
    }

    /// Whether `descriptor` is still the file at `path` (not removed or replaced since it was opened).
    private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Whether the process a ``launcher()`` names (`pid.start-time`) is still running; `false`
    /// for an empty launcher.
    static func isAlive(launcher: String) -> Bool {
        #if os(Linux)
            let parts = launcher.split(separator: ".")
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 1 else { return false }
            return startTime(of: pid) == parts[1]
        #else
            return false
        #endif
    }

    /// A blocking `flock`, retried when a signal interrupts it.
    private static func lock(_ descriptor: Int32, _ operation: Int32) -> Bool {
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// `had-recording=1 pre-run=12 launcher=4242.123456`.
    private static func write(_ state: State, to descriptor: Int32) {
        let text = Array(
            "had-recording=\(state.hadRecording ? 1 : 0) pre-run=\(state.preRun) launcher=\(state.launcher)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private static func read(_ descriptor: Int32) -> State? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        var fields: [Substring: Substring] = [:]
        for pair in String(decoding: buffer[0..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let had = fields["had-recording"].flatMap({ Int($0) }),
            let preRun = fields["pre-run"].flatMap({ Int($0) })
        else { return nil }
        return State(hadRecording: had != 0, preRun: preRun, launcher: String(fields["launcher"] ?? ""))
    }

    /// `path` made absolute, with `.`/`..` and the symbolic links of its existing folders
    /// resolved: one key however a test spells the cassette's path.
    static func resolved(_ path: String) -> String {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while folder.count > 1 {
            if let real = realpath(folder, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/")
            }
            rest.append((folder as NSString).lastPathComponent)
            folder = (folder as NSString).deletingLastPathComponent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }

    /// FNV-1a (64 bits) of `text`'s UTF-8, in hex: the same in every process (unlike `Hasher`).
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
