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
        IncrementalWrites.fileLock.lock()
        defer { IncrementalWrites.fileLock.unlock() }
        // Every write goes through `fileLock`, so the progress read here holds until the rename.
        let (written, wroteAny) = progress.withLock { ($0.written, $0.wroteAny) }
        let all = recorder.newInteractions
        guard all.count > written || (force && !wroteAny) else { return 0 }
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
        let fresh = Array(all[written...])
        let current: Cassette?
        do {
            current = try CassetteStore.loadIfPresent(recordPath, maxBodyBytes: Cassette.defaultMaxBodyBytes)
        } catch {
            throw .cassette(error)
        }
        let replacing = mode == .all && !wroteAny
        let kept = replacing ? [] : (current ?? existing)?.interactions ?? []
        let cassette = Cassette(
            interactions: kept + fresh, comment: comment ?? current?.comment ?? existing?.comment,
            matching: current?.matching ?? existing?.matching)
        let (text, leaks) = redactor.checkedText(cassette)
        guard leaks.isEmpty else { throw .secretLeak(path: recordPath, leaks: leaks) }
        do {
            // A new cassette's folder is made as needed (`Tests/Cassettes/` on the first recording).
            try AtomicFileWriter(createsDirectories: true, rename: writer.rename).write(text, to: recordPath)
        } catch {
            throw .cassette(CassetteError(kind: .write, path: recordPath, reason: error.reason))
        }
        progress.withLock { $0 = (all.count, true) }
        return fresh.count
    }

    /// Whether ``writeRecorded(force:)`` has written the cassette in this session.
    public var wroteRecorded: Bool { progress.withLock { $0.wroteAny } }

    /// The cassette this session records into, if any.
    public var cassettePath: String? { recordPath }

    /// How many requests were answered from recordings so far.
    public var replayedCount: Int { recorder?.replayed ?? 0 }
}

/// The lock every incremental cassette write in the process takes (read, merge, rename).
enum IncrementalWrites {
    static let fileLock = NSLock()
}
