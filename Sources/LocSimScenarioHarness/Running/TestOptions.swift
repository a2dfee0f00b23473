public import Foundation

/// The options of `locsim test [SCENARIO…] [--update [--accept-misses]] [--junit FILE] [--shard I/N] [--jobs N]`.
public struct TestOptions: Sendable, Hashable {
    /// Scenario names (or folder paths) to run; empty runs every scenario and reports every orphan.
    public var names: [String]
    /// Rewrite `expected.jsonl` where the transcript differs or is missing (refused under `CI`).
    public var update: Bool
    /// With ``update``: bless a transcript even when a request in it went unanswered
    /// (`not_recorded`); without it such a scenario fails and is not written.
    public var acceptMisses: Bool
    /// Where to write the JUnit XML report.
    public var junitFile: URL?
    /// Run only this slice of the (selected) suite.
    public var shard: Shard?
    /// How many scenarios run at once (at least 1).
    public var jobs: Int

    public init(
        names: [String] = [], update: Bool = false, acceptMisses: Bool = false, junitFile: URL? = nil,
        shard: Shard? = nil, jobs: Int = 1
    ) {
        self.names = names
        self.update = update
        self.acceptMisses = acceptMisses
        self.junitFile = junitFile
        self.shard = shard
        self.jobs = jobs
    }
}
