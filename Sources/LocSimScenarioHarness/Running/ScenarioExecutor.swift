public import LocSimSettings

/// Runs one scenario and returns its transcript: the seam between the harness and the replay
/// pipeline.
///
/// The pipeline's conformer replays `scenario.file.track` with the scenario's settings, strictly
/// from `scenario.location.cassetteURL`, and returns the transcript as JSON Lines, each line
/// ending in `\n`. It is called from several threads at once under `--jobs N`, hence `Sendable`.
/// Whatever it throws is reported as that scenario's failure, with the error's description.
public protocol ScenarioExecutor: Sendable {
    /// The transcript of `scenario`, exactly as it would be written to `expected.jsonl`.
    func run(_ scenario: Scenario) throws -> String

    /// The transcript of `scenario` and the full report of every request no recording
    /// answered (what `locsim test` shows first when a transcript differs because of a miss).
    func runReportingMisses(_ scenario: Scenario) throws -> ScenarioRun

    /// The settings a `scenario.json` it runs may state: its app's (with the plug-ins'
    /// options). Default: ``ReplaySettingSpec/all``.
    var settingsTable: [ReplaySettingSpec] { get }
}

extension ScenarioExecutor {
    /// ``run(_:)``'s transcript with no miss reports (the `not_recorded` lines speak for themselves).
    public func runReportingMisses(_ scenario: Scenario) throws -> ScenarioRun {
        ScenarioRun(transcript: try run(scenario))
    }

    public var settingsTable: [ReplaySettingSpec] { ReplaySettingSpec.all }
}
