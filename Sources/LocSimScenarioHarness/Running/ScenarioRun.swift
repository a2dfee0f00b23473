/// What one run of a scenario produced: its transcript and the report of every request no
/// recording answered (each a `provider_error` `not_recorded` in the transcript).
public struct ScenarioRun: Sendable, Hashable {
    /// The transcript, exactly as it would be written to `expected.jsonl`.
    public var transcript: String
    /// One report per miss, in order: the request, the closest recorded one, how they differ
    /// and the command that records it (the transcript keeps only the first line).
    public var misses: [String]

    public init(transcript: String, misses: [String] = []) {
        self.transcript = transcript
        self.misses = misses
    }

    /// The `not_recorded` lines of the transcript that `expected` does not have: requests that
    /// failed because the cassette lacks them, not because the app changed.
    public func newMissLines(comparedWith expected: String) -> [String] {
        let known = Set(expected.split(separator: "\n", omittingEmptySubsequences: true))
        return transcript.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { $0.contains(#""code":"not_recorded""#) && !known.contains($0) }
            .map(String.init)
    }

    /// The miss reports to show for `lines` (from ``newMissLines(comparedWith:)``): the
    /// executor's full reports when it gave them, else the lines themselves.
    public func reports(for lines: [String]) -> [String] {
        misses.isEmpty ? lines : misses
    }
}
