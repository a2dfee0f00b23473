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
}
