/// What a long-running server (`locsim serve`) needs of a session beyond its client: which
/// recorded interaction will answer a request, the structured report for a miss, how many
/// interactions were recorded so far, and a way to replay from the start again.
extension RecordingSession {
    /// Where a recorded interaction came from: its cassette file and index.
    public struct InteractionOrigin: Sendable, Hashable {
        /// The cassette path as loaded (empty for interactions recorded in this session).
        public var source: String
        /// The interaction's index within that cassette.
        public var index: Int

        public init(source: String, index: Int) {
            self.source = source
            self.index = index
        }
    }

    /// `url` with its secrets replaced, as this session matches and stores it (a pure
    /// function of `url`, so callers may cache it).
    public func redactedURL(_ url: String) -> String {
        guard let recorder else { return url }
        return recorder.redactor.redact(url: url)
    }

    /// Answers `redacted` from the recordings, as ``client`` would, and says which interaction
    /// answered; `nil` when none does (or the session does not replay): then ``client`` gives the
    /// miss report or records. `redacted` carries the method and ``redactedURL(_:)``;
    /// `signature` is `RequestSignature(redacted)` (passed in so callers may cache it).
    public func takeRecorded(
        _ redacted: HTTPRequest, signature: RequestSignature
    ) -> (response: HTTPResponse, origin: InteractionOrigin)? {
        guard let recorder, recorder.policy.replay else { return nil }
        return recorder.withLock {
            guard let entry = recorder.log.take(redacted, signature: signature) else { return nil }
            recorder.replayedCount += 1
            return (entry.interaction.response, InteractionOrigin(source: entry.source, index: entry.index))
        }
    }

    /// The report a miss on `request` gets (the same one ``client`` words in its
    /// ``HTTPClientError/notRecorded(_:)``), with the request redacted; `nil` for a live-only session.
    public func unmatchedReport(for request: HTTPRequest) -> UnmatchedRequestReport? {
        guard let recorder else { return nil }
        let redacted = recorder.redactor.redact(request)
        return recorder.withLock {
            UnmatchedRequestReport(
                request: redacted, log: recorder.log, searched: recorder.searched,
                recordCommand: recorder.recordCommand, redactor: recorder.redactor)
        }
    }

    /// Whether ``client`` may send a request it has no recording for to the network: a session
    /// that records (`once` into a new cassette, `new-episodes`, `all`) or a live one that does not.
    public var sendsLive: Bool { recorder.map(\.policy.record) ?? true }

    /// The report of every request this session's ``client`` could not answer, in order (each
    /// also thrown as ``HTTPClientError/notRecorded(_:)``, worded); empty for a live-only session.
    /// ``MissTally`` groups them for one report at the end of a run.
    public var misses: [UnmatchedRequestReport] { recorder?.misses ?? [] }

    /// `text` with every secret value the session knows replaced by its placeholder, as the
    /// session scrubs what it throws.
    package func scrubbed(_ text: String) -> String { recorder?.redactor.scrub(text) ?? text }

    /// How many interactions this session has recorded live so far.
    public var recordedCount: Int { recorder?.newInteractions.count ?? 0 }

    /// Makes every loaded interaction unused again, so identical requests replay in recorded
    /// order from the first. Interactions recorded in this session are not affected.
    public func resetReplayOrder() {
        guard let recorder else { return }
        recorder.withLock {
            var fresh = InteractionLog(sessionRules: recorder.log.sessionRules)
            fresh.repeatsLastAnswer = recorder.log.repeatsLastAnswer
            var start = 0
            let entries = recorder.log.entries
            while start < entries.count {
                let source = entries[start].source
                var end = start
                while end < entries.count, entries[end].source == source, entries[end].index == end - start {
                    end += 1
                }
                fresh.append(
                    Cassette(interactions: entries[start..<end].map(\.interaction), matching: entries[start].rules),
                    source: source)
                start = end
            }
            recorder.log = fresh
        }
    }

    /// Ends a session that wrote as it went (``write()`` after each new interaction): releases
    /// the cassette's lock, its file removed, without writing again.
    package func release() {
        lock?.release()
    }
}
