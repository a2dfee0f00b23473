import LocSimSupport

/// The one object the CLI and the test harness build: it turns ``RecordingOptions`` into an
/// ``HTTPClient`` and, at the end, writes the cassette.
///
/// | options | client | `finish()` |
/// |---|---|---|
/// | no `live` | replays strictly from `cassettePaths`, or from every cassette under `cassettesDirectory`; never a network call | nothing |
/// | `live`, no `recordPath` | the live transport, unrecorded (with `CI` set: replays like no `live`) | nothing |
/// | `live`, `recordPath`, `.none` (also: any mode on CI) | replays strictly from `recordPath` | nothing |
/// | `live`, `recordPath`, `.once` | replays strictly from `recordPath` if it holds an interaction (when the ``RecordingRun`` began, for a session that locks each write), else records | writes if it recorded |
/// | `live`, `recordPath`, `.newEpisodes` | replays what matches, records and appends the rest | writes if it recorded |
/// | `live`, `recordPath`, `.all` | records everything | replaces the file (a session that locks each write: see ``writeRecorded(force:)``) |
///
/// A request nothing answers fails with ``HTTPClientError/notRecorded(_:)`` and an
/// ``UnmatchedRequestReport``. Recording without `live` is a ``RecordingError/configuration(_:)``
/// error (unless CI forces `.none`, which only replays).
public final class RecordingSession: Sendable {
    /// The client every geocoder, provider and push sender of the run uses.
    public let client: any HTTPClient
    /// The mode the session runs in (after CI forcing).
    public let mode: RecordMode

    let recorder: RecordingClient?
    let recordPath: String?
    let existing: Cassette?
    let comment: String?
    /// What the session redacts with: the declared secrets, their environment values and every
    /// value it learns while recording (``Redactor``). Printing through it (`serve`'s log and
    /// reports) redacts what the cassette redacts.
    public let redactor: Redactor
    let writer: AtomicFileWriter
    /// How far ``writeRecorded()`` has written (see RecordingSession+Incremental).
    let progress = Locked(IncrementalProgress())
    /// Held from before the cassette is read until the session ends, when it may write (`nil`
    /// for a session that locks each write instead: ``RecordingOptions/locksEachWrite``).
    let lock: CassetteLock?
    /// The run the session records in when it locks each write (``RecordingRun``), else `nil`.
    let run: RecordingRun?
    /// The largest body read or recorded (``RecordingOptions/maxBodyBytes``), also when a write
    /// re-reads the file.
    let maxBodyBytes: Int
    /// New interactions in the file as last written, and the last write's failure.
    private let persisted = Locked<(count: Int, failure: RecordingError?)>((0, nil))

    /// Loads the cassettes the options name and builds the client. `liveTransport` is what goes
    /// live when `options.live` is set (`LiveHTTPClient` from `LocSimLiveHTTP`, a stand-in); with
    /// none, a request that would go live fails with ``HTTPClientError/unreachable(_:)`` saying
    /// so (``NoLiveTransport``), and nothing reaches the network. Broken cassettes throw
    /// ``RecordingError/cassette(_:)`` here, before anything runs.
    public convenience init(options: RecordingOptions, liveTransport: (any HTTPClient)? = nil) throws(RecordingError) {
        try self.init(options: options, liveTransport: liveTransport, writer: AtomicFileWriter())
    }

    /// ``init(options:liveTransport:)`` with the cassette written by `writer` (tests inject a
    /// failing rename).
    init(options: RecordingOptions, liveTransport: (any HTTPClient)?, writer: AtomicFileWriter) throws(RecordingError) {
        let mode = options.effectiveMode
        let redactor = Redactor(declarations: options.secrets, environment: options.environment)
        self.mode = mode
        maxBodyBytes = options.maxBodyBytes
        self.redactor = redactor
        self.writer = writer
        self.recordPath = options.recordPath
        self.comment = options.comment

        // With `CI` set nothing reaches the network: `--live` alone replays from the cassettes.
        if options.live, options.recordPath == nil,
            RecordMode.effective(.once, environment: options.environment) != .none
        {
            self.client = liveTransport ?? NoLiveTransport()
            self.recorder = nil
            self.existing = nil
            self.lock = nil
            self.run = nil
            return
        }
        if let recordPath = options.recordPath, HARReader.isHARPath(recordPath), mode != .none {
            throw .configuration(
                "cannot record into \(recordPath): a HAR is replayed, not written; record into a cassette "
                    + "(.json), or import the HAR first with 'locsim cassettes import'")
        }
        if !options.live, options.recordPath != nil, mode != .none {
            throw .configuration("recording into \(options.recordPath!) needs live access (--live)")
        }
        // One recorder per cassette: locked before it is read, so what is appended is never lost.
        if let recordPath = options.recordPath, mode != .none, !options.locksEachWrite {
            do {
                lock = try CassetteLock.acquire(for: recordPath)
            } catch let busy as CassetteLock.Busy {
                throw .busy(busy)
            } catch {
                let reason = (error as? AtomicWriteError)?.reason ?? "\(error)"
                throw .cassette(CassetteError(kind: .write, path: recordPath, reason: reason))
            }
        } else {
            lock = nil
        }
        // Sessions that lock each write share one run per cassette (process-wide and across
        // processes): what `once` decides and what `all` replaces is the run's, not the session's.
        if let recordPath = options.recordPath, mode != .none, options.locksEachWrite {
            run = try RecordingRun.joined(cassette: recordPath, maxBodyBytes: options.maxBodyBytes)
        } else {
            run = nil
        }

        var log = InteractionLog(sessionRules: options.matching)
        let searched: String
        var existing: Cassette?
        var policy = RecordingClient.Policy(replay: true, record: false)
        do {
            if let recordPath = options.recordPath {
                existing = try CassetteStore.loadIfPresent(
                    recordPath, maxBodyBytes: options.maxBodyBytes, redactor: redactor)
                switch mode {
                case .none: break
                case .once:
                    // Records when the cassette had no recording (no file, or no interactions)
                    // when the run began: this session's start unless it is in a run.
                    policy.record = !(run?.hadRecording ?? !(existing?.interactions.isEmpty ?? true))
                case .newEpisodes: policy.record = true
                case .all: policy = .init(replay: false, record: true)
                }
                if policy.replay, let existing { log.append(existing, source: recordPath) }
                searched = existing == nil ? "\(recordPath) (no such file yet)" : recordPath
            } else if !options.cassettePaths.isEmpty {
                for path in options.cassettePaths {
                    log.append(
                        try CassetteStore.load(path, maxBodyBytes: options.maxBodyBytes, redactor: redactor),
                        source: path)
                }
                searched = options.cassettePaths.joined(separator: ", ")
            } else {
                let found = try CassetteStore.discover(
                    in: options.cassettesDirectory, maxBodyBytes: options.maxBodyBytes)
                let used = found.filter { !options.excludedCassettes.contains($0.path) }
                for item in used { log.append(item.cassette, source: item.path) }
                let left = found.count - used.count
                searched =
                    "cassettes under \(options.cassettesDirectory) (\(used.count) file\(used.count == 1 ? "" : "s")"
                    + (left == 0 ? ")" : "; \(left) other scenario\(left == 1 ? "'s" : "s'") left out)")
            }
        } catch {
            throw .cassette(error)
        }
        self.existing = existing
        // Pure replay: once identical recordings are used up, the last one answers again (a
        // device asking twice gets the same answer). Recording sessions record instead.
        log.repeatsLastAnswer = !policy.record
        let recorder = RecordingClient(
            policy: policy, log: log,
            live: policy.record ? (liveTransport ?? NoLiveTransport()) : nil,
            redactor: redactor, recordedAt: options.recordedAt, searched: searched,
            recordCommand: options.resolvedRecordCommand, endpoints: options.endpoints, origin: options.origin,
            maxBodyBytes: options.maxBodyBytes)
        self.recorder = recorder
        self.client = recorder
    }

    /// The loaded interactions that have answered a request so far, by cassette file: what
    /// `locsim cassettes status` reports as used.
    public var usedInteractions: [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        for item in recorder?.used ?? [] { result[item.source, default: []].insert(item.index) }
        return result
    }

    /// Ends the recording: ``write()``, then releases the cassette's ``CassetteLock`` (also when
    /// the write fails), so another recording may start.
    @discardableResult
    public func finish() throws(RecordingError) -> RecordingSummary {
        defer { lock?.release() }
        return try write()
    }

    /// Writes the cassette if this session recorded anything (or, in `.all`, whenever the file
    /// would change, or when ``RecordingOptions/comment`` replaces the comment), atomically, after
    /// checking that no secret value survives in it (the environment's, and every value seen in
    /// a secret header, parameter or body field during the run: ``Redactor``). Nothing is written, and the old file stays
    /// intact, when the check fails. The existing cassette's `comment` is kept unless the options
    /// give a new one. The lock stays held: a session that goes on recording (`serve --record`)
    /// writes after each new interaction and ends with ``finish()``, or when it is released.
    @discardableResult
    public func write() throws(RecordingError) -> RecordingSummary {
        guard let recorder else { return RecordingSummary(replayed: 0, recorded: 0, written: nil) }
        let new = recorder.newInteractions
        let summary = RecordingSummary(replayed: recorder.replayed, recorded: new.count, written: nil)
        let newComment = comment.map { $0 != existing?.comment } ?? false
        guard let recordPath, mode != .none, mode == .all || !new.isEmpty || newComment else { return summary }
        let cassette = Cassette(
            interactions: (mode == .all ? [] : existing?.interactions ?? []) + new,
            comment: comment ?? existing?.comment, matching: existing?.matching)
        // Redacted again with what the run learned, when a learned value survives (echoed
        // before it was seen in a secret header), then checked.
        let (text, leaks) = redactor.checkedText(cassette)
        if let existing, existing.text() == text, (try? CassetteStore.read(recordPath)) == Array(text.utf8) {
            return summary
        }
        guard leaks.isEmpty else { throw .secretLeak(path: recordPath, leaks: leaks) }
        do {
            try writer.write(text, to: recordPath)
        } catch {
            let failure = RecordingError.cassette(CassetteError(kind: .write, path: recordPath, reason: error.reason))
            persisted.withLock { $0.failure = failure }
            throw failure
        }
        persisted.withLock { $0 = (new.count, nil) }
        return RecordingSummary(replayed: summary.replayed, recorded: summary.recorded, written: recordPath)
    }

    /// How many interactions recorded in this session are in the cassette as last written: what
    /// a summary may claim (a session that recorded 21 but could not write says 0).
    public var persistedCount: Int { persisted.withLock { $0.count } }

    /// Why the last write of the cassette failed, or `nil` when it succeeded (or none was tried).
    public var lastWriteFailure: RecordingError? { persisted.withLock { $0.failure } }
}

/// What a session did: requests answered from recordings, interactions recorded live, and the
/// cassette written (or `nil`).
public struct RecordingSummary: Sendable, Hashable {
    public var replayed: Int
    public var recorded: Int
    public var written: String?

    public init(replayed: Int, recorded: Int, written: String?) {
        self.replayed = replayed
        self.recorded = recorded
        self.written = written
    }
}
