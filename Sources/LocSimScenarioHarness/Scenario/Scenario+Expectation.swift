import Foundation

/// What writing a transcript did to a scenario's `expected.jsonl`.
public enum ExpectationChange: Sendable, Hashable {
    /// The file already held exactly this transcript; it was not touched.
    case unchanged
    /// There was no expectation; it was written.
    case created
    /// The expectation was replaced; the diff is old → new.
    case changed(UnifiedDiff)
}

extension Scenario {
    /// Writes `transcript` as the expectation (atomically) unless it is already byte-identical,
    /// and says what changed: what `locsim record` prints and `locsim test --update` does.
    public func updateExpectation(to transcript: String) throws(HarnessError) -> ExpectationChange {
        let previous = FileManager.default.contents(atPath: location.expectationURL.path)
        if let previous, previous == Data(transcript.utf8) { return .unchanged }
        try writeExpectation(transcript)
        guard let previous else { return .created }
        return .changed(
            UnifiedDiff(
                old: String(decoding: previous, as: UTF8.self), new: transcript, oldLabel: location.expectationPath,
                newLabel: "recorded"))
    }
}
