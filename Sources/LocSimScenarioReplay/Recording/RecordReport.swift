public import LocSimHTTPRecording
public import LocSimScenarioHarness

/// What `locsim record` did: the session's counts, the cassette's change and the expectation's.
public struct RecordReport: Sendable {
    /// Requests replayed from the old cassette, recorded live, and the file written (if any).
    public var summary: RecordingSummary
    /// Interactions added, removed and changed against the previous cassette.
    public var cassette: CassetteChange
    /// What happened to `expected.jsonl` (created, unchanged, or changed with its diff).
    public var expectation: ExpectationChange
    /// Whether the offline replay of the new cassette (the expectation) equals the live run's
    /// transcript. It does unless a provider answered differently to identical requests.
    public var replaysAsRecorded: Bool
    /// The transcript of the live run.
    public var liveTranscript: String
    /// What earlier, interrupted runs left that this one finished or removed.
    public var recovery: RecordStaging.Recovery = RecordStaging.Recovery()
}
