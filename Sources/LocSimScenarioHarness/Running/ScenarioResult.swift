/// What happened to one scenario (or orphaned folder) in a test run.
public struct ScenarioResult: Sendable, Hashable {
    /// The folder name.
    public var name: String
    /// Where its files are.
    public var location: ScenarioLocation
    public var outcome: ScenarioOutcome
    /// Seconds it took, by the runner's ``ElapsedClock``.
    public var duration: Double

    public init(name: String, location: ScenarioLocation, outcome: ScenarioOutcome, duration: Double) {
        self.name = name
        self.location = location
        self.outcome = outcome
        self.duration = duration
    }

    /// Whether it counts as passed (an expectation written under `--update` does).
    public var passed: Bool {
        switch outcome {
        case .passed, .updated: true
        default: false
        }
    }
}

/// The outcome of one scenario.
public enum ScenarioOutcome: Sendable, Hashable {
    /// The transcript equals `expected.jsonl` byte for byte.
    case passed
    /// `--update` wrote `expected.jsonl` (`created`: it did not exist before).
    case updated(created: Bool)
    /// The transcript differs; the diff is expected → actual.
    case mismatch(UnifiedDiff)
    /// The transcript differs because requests went unanswered (`not_recorded`): `misses` are
    /// their reports, `diff` is expected → actual. `updateRefused`: `--update` was given and
    /// wrote nothing (it needs `--accept-misses` to bless a miss).
    case miss(UnifiedDiff, misses: [String], updateRefused: Bool)
    /// There is no `expected.jsonl` (and no `--update`).
    case missingExpectation
    /// A folder with a cassette or expectation but no `scenario.json`.
    case orphan(OrphanRecording)
    /// `scenario.json` breaks the schema.
    case invalidScenario(ScenarioFileError)
    /// The executor threw; the message is the error's description.
    case runFailed(message: String)
    /// A file could not be read or written.
    case fileError(message: String)

    /// Whether JUnit reports it as an `<error>` (the scenario could not be run or checked)
    /// rather than a `<failure>` (it was checked and found wrong).
    public var isError: Bool {
        switch self {
        case .invalidScenario, .runFailed, .fileError: true
        default: false
        }
    }
}
