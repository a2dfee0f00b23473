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

    /// The recorded interaction ``client`` would answer `request` with now, without using it:
    /// the first unused one that matches or, in pure replay, the last matching one. `nil` for a
    /// miss, or when the session replays nothing (live only).
    public func origin(answering request: HTTPRequest) -> InteractionOrigin? {
        guard let recorder, recorder.policy.replay else { return nil }
        let signature = RequestSignature(recorder.redactor.redact(request))
        return recorder.withLock {
            let entries = recorder.log.entries
            let entry =
                entries.first { !$0.used && signature.isAnswered(by: $0.signature) }
                ?? (recorder.log.repeatsLastAnswer ? entries.last { signature.isAnswered(by: $0.signature) } : nil)
            return entry.map { InteractionOrigin(source: $0.source, index: $0.index) }
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
                recordCommand: recorder.recordCommand)
        }
    }

    /// How many interactions this session has recorded live so far.
    public var recordedCount: Int { recorder?.newInteractions.count ?? 0 }

    /// Makes every loaded interaction unused again, so identical requests replay in recorded
    /// order from the first. Interactions recorded in this session are not affected.
    public func resetReplayOrder() {
        guard let recorder else { return }
        recorder.withLock {
            var fresh = InteractionLog()
            fresh.repeatsLastAnswer = recorder.log.repeatsLastAnswer
            var start = 0
            let entries = recorder.log.entries
            while start < entries.count {
                let source = entries[start].source
                var end = start
                while end < entries.count, entries[end].source == source, entries[end].index == end - start {
                    end += 1
                }
                fresh.append(Cassette(interactions: entries[start..<end].map(\.interaction)), source: source)
                start = end
            }
            recorder.log = fresh
        }
    }
}
