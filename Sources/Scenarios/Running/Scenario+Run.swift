public import Harness

extension Scenario {
    /// Runs the scenario offline, strictly from its own `cassette.json`, with the replay
    /// pipeline (``ReplayScenarioExecutor``), and parses the transcript.
    ///
    /// ```swift
    /// import Harness
    /// import Scenarios
    ///
    /// let scenario = try Scenario.load(named: "franklin-la", in: recordingsURL)
    /// let transcript = try scenario.run()
    /// #expect(transcript.events(named: "push").first?.string("alert")
    ///     == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
    /// ```
    public func run() throws -> Transcript {
        try run(using: ReplayScenarioExecutor())
    }
}
