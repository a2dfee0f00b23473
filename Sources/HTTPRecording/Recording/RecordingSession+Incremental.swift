import Foundation
import LocSimSupport

/// Writing as you go: a session that records for a long-lived client (a test's `URLSession`,
/// where nothing says when the last request was made) writes each new interaction into the
/// cassette at once instead of waiting for ``finish()``.
extension RecordingSession {
    /// Writes the interactions recorded since the last call into the cassette, atomically, and
    /// returns how many it wrote (0: nothing new, nothing written).
    ///
    /// The file is re-read under a process-wide lock and the new interactions are appended to
    /// what it holds now, so several sessions recording into one cassette in the same process
    /// all keep theirs (never a torn file: every write is a rename). In `.all` the first write
    /// replaces the file; later ones append. Missing parent folders are created. The same leak
    /// refusal as ``finish()``: nothing is written, the old file unchanged, if a secret value
    /// survived redaction. Other processes are kept out by the cassette's ``CassetteLock``, taken
    /// (waiting) around each write when the session does not hold it for its whole life.
    ///
    /// - Parameter force: write even with nothing new (`.all` replacing the file with nothing).
    @discardableResult
    public func writeRecorded(force: Bool = false) throws(RecordingError) -> Int {
        guard let recorder, let recordPath, mode != .none else { return 0 }
        IncrementalWriteProgress.fileLock.lock()
        defer { IncrementalWriteProgress.fileLock.unlock() }
        // Other processes: the cassette's lock around this read-merge-rename, unless the session
        // holds it already.
        var writeLock: CassetteLock?
        if lock == nil {
            do {
                // A new cassette's folder is made as needed (`Tests/Cassettes/` on the first
                // recording), before its lock file is.
                let folder = (recordPath as NSString).deletingLastPathComponent
                if !folder.isEmpty {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                writeLock = try CassetteLock.acquire(for: recordPath, waiting: true)
            } catch {
                let reason = (error as? AtomicWriteError)?.reason ?? "\(error)"
                throw .cassette(CassetteError(kind: .write, path: recordPath, reason: reason))
            }
        }
        defer { writeLock?.release() }
        let written = progress.written
        let all = recorder.newInteractions
        guard all.count > written || (force && !progress.wroteAny) else { return 0 }
        let fresh = Array(all[written...])
        let current: Cassette?
        do {
            current = try CassetteStore.loadIfPresent(recordPath, maxBodyBytes: Cassette.defaultMaxBodyBytes)
        } catch {
            throw .cassette(error)
        }
        let replacing = mode == .all && !progress.wroteAny
        let kept = replacing ? [] : (current ?? existing)?.interactions ?? []
        let cassette = Cassette(
            interactions: kept + fresh, comment: comment ?? current?.comment ?? existing?.comment,
            matching: current?.matching ?? existing?.matching)
        let text = cassette.text()
        let leaks = redactor.leaks(inText: text)
        guard leaks.isEmpty else { throw .secretLeak(path: recordPath, leaks: leaks) }
        do {
            // A new cassette's folder is made as needed (`Tests/Cassettes/` on the first recording).
            try AtomicFileWriter(createsDirectories: true, rename: writer.rename).write(text, to: recordPath)
        } catch {
            throw .cassette(CassetteError(kind: .write, path: recordPath, reason: error.reason))
        }
        progress.advance(to: all.count)
        return fresh.count
    }

    /// Whether ``writeRecorded(force:)`` has written the cassette in this session.
    public var wroteRecorded: Bool { progress.wroteAny }

    /// The cassette this session records into, if any.
    public var cassettePath: String? { recordPath }

    /// How many requests were answered from recordings so far.
    public var replayedCount: Int { recorder?.replayed ?? 0 }
}

/// How many of a session's recorded interactions are in the file already.
/// `@unchecked Sendable`: every field is read and written under `lock`.
final class IncrementalWriteProgress: @unchecked Sendable {
    /// Serialises every incremental cassette write in the process (read, merge, rename).
    static let fileLock = NSLock()

    private let lock = NSLock()
    private var count = 0
    private var wrote = false

    var written: Int { lock.withLock { count } }
    var wroteAny: Bool { lock.withLock { wrote } }

    func advance(to count: Int) {
        lock.withLock {
            self.count = count
            wrote = true
        }
    }
}
