import Foundation
import LocSimSupport

/// Writing as you go: a session that records for a long-lived client (a test's `URLSession`,
/// where nothing says when the last request was made) writes each new interaction into the
/// cassette at once instead of waiting for ``finish()``.
extension RecordingSession {
    /// Writes the interactions recorded since the last call into the cassette, atomically, and
    /// returns how many it wrote (0: nothing new, nothing written).
    ///
    /// The file is re-read with the cassette's ``CassetteLock`` held (taken, waiting, around
    /// each write when the session does not hold it for its whole life; a process-wide lock
    /// serializes this process's writers first) and merged with what it holds now, so sessions
    /// recording into one cassette, in this process or another, all keep theirs (never a torn
    /// file: every write is a rename). Missing parent folders are created. The same leak refusal
    /// as ``finish()``: nothing is written, the old file unchanged, if a secret value survived
    /// redaction.
    ///
    /// How new interactions merge, for a session in a ``RecordingRun`` (one that locks each
    /// write): they are appended; in `.all` each one also removes the interactions from before
    /// the run that a replay of its request would use (the run re-records them), while those no
    /// request of the run matched stay. A session holding the lock for its whole life (`.all`):
    /// the first write replaces the file.
    ///
    /// - Parameter force: write even with nothing new (`.all` replacing the file with nothing);
    ///   ignored in a run, where nothing recorded changes nothing.
    @discardableResult
    public func writeRecorded(force: Bool = false) throws(RecordingError) -> Int {
        guard let recorder, let recordPath, mode != .none else { return 0 }
        IncrementalWrites.fileLock.lock()
        defer { IncrementalWrites.fileLock.unlock() }
        // Every write goes through `fileLock`, so the progress read here holds until the rename.
        let (written, last, refused) = progress.withLock { ($0.written, $0.last, $0.refused) }
        let wroteAny = last != nil
        let all = recorder.newInteractions
        let pending = (written..<all.count).filter { !refused.contains($0) }
        guard !pending.isEmpty || (force && !wroteAny && run == nil) else { return 0 }
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
        let fresh = pending.map { all[$0] }
        let current: Cassette?
        do {
            current = try CassetteStore.loadIfPresent(recordPath, maxBodyBytes: maxBodyBytes)
        } catch {
            throw .cassette(error)
        }
        // Deleted while recording: written again from the file as this session last wrote it
        // (its own recordings with it), else from what the session read at its start.
        let base = current ?? last?.cassette ?? existing
        let interactions: [HTTPInteraction]
        var preRun: Int?
        if let run {
            let held = base?.interactions ?? []
            // The run's count describes the file; a file this session rebuilds, its last write.
            let count = min((current == nil ? last?.preRun : nil) ?? run.preRunCount(), held.count)
            var before = Array(held[..<count])
            if mode == .all {
                before = Self.unanswered(
                    before, by: fresh, matching: base?.matching,
                    sessionRules: recorder.withLock { recorder.log.sessionRules })
            }
            interactions = before + held[count...] + fresh
            preRun = before.count
        } else {
            interactions = (mode == .all && !wroteAny ? [] : base?.interactions ?? []) + fresh
        }
        let cassette = Cassette(
            interactions: interactions, comment: comment ?? current?.comment ?? existing?.comment,
            matching: base?.matching)
        let (text, leaks) = redactor.checkedText(cassette)
        guard leaks.isEmpty else {
            // What leaks is never written, and only its request fails: the new interactions the
            // report names (all of this write's, if it names none of them) are left out of the
            // session's later writes.
            let offset = interactions.count - fresh.count
            let named = Set(leaks.compactMap { Self.interactionIndex($0.location) }.filter { $0 >= offset })
            let left = named.isEmpty ? pending : named.map { pending[$0 - offset] }
            progress.withLock { $0.refused.formUnion(left) }
            throw .secretLeak(path: recordPath, leaks: leaks)
        }
        do {
            // A new cassette's folder is made as needed (`Tests/Cassettes/` on the first recording).
            try AtomicFileWriter(createsDirectories: true, rename: writer.rename).write(text, to: recordPath)
        } catch {
            throw .cassette(CassetteError(kind: .write, path: recordPath, reason: error.reason))
        }
        if let preRun { run?.setPreRunCount(preRun) }
        progress.withLock { $0 = IncrementalProgress(written: all.count, last: (cassette, preRun)) }
        return fresh.count
    }

    /// `N` of a leak's location `interactions[N]…`, if it names one.
    static func interactionIndex(_ location: String) -> Int? {
        guard location.hasPrefix("interactions["), let close = location.firstIndex(of: "]") else { return nil }
        return Int(location[location.index(location.startIndex, offsetBy: 13)..<close])
    }

    /// `interactions` without those a replay of any of `recorded`'s requests would use (every
    /// one, not only the first: a re-recorded request replaces all of its old answers), under
    /// the cassette's `matching` and the session's rules.
    static func unanswered(
        _ interactions: [HTTPInteraction], by recorded: [HTTPInteraction], matching: MatchingRules?,
        sessionRules: MatchingRules?
    ) -> [HTTPInteraction] {
        var log = InteractionLog(sessionRules: sessionRules)
        log.append(Cassette(interactions: interactions, matching: matching), source: "")
        var replaced = Set<Int>()
        for interaction in recorded {
            let signature = RequestSignature(interaction.request)
            while let entry = log.take(interaction.request, signature: signature) { replaced.insert(entry.index) }
        }
        return interactions.indices.filter { !replaced.contains($0) }.map { interactions[$0] }
    }

    /// Whether ``writeRecorded(force:)`` has written the cassette in this session.
    public var wroteRecorded: Bool { progress.withLock { $0.last != nil } }

    /// The cassette this session records into, if any.
    public var cassettePath: String? { recordPath }

    /// How many requests were answered from recordings so far.
    public var replayedCount: Int { recorder?.replayed ?? 0 }
}

/// How far a session's incremental writes have gone: how many of its new interactions are
/// written, and the cassette its last write put in the file (`nil` before the first), kept (the
/// bodies are shared with the recorder's copies) to write the file again should it be deleted
/// while the session records.
struct IncrementalProgress {
    var written = 0
    /// Indices of new interactions a write refused (a secret leaked): never written.
    var refused: Set<Int> = []
    var last: (cassette: Cassette, preRun: Int?)?
}

/// The lock every incremental cassette write in the process takes (read, merge, rename).
enum IncrementalWrites {
    static let fileLock = NSLock()
}
