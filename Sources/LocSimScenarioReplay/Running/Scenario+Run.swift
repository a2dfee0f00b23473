public import LocSimGeocoding
public import LocSimReplay
public import LocSimScenarioHarness
public import LocSimSimulation

extension Scenario {
    /// Runs the scenario offline, strictly from its own `cassette.json`, with the replay
    /// pipeline (``ReplayScenarioExecutor``), and parses the transcript.
    ///
    /// ```swift
    /// import LocSimScenarioHarness
    /// import LocSimScenarioReplay
    ///
    /// let scenario = try Scenario.load(named: "franklin-la", in: recordingsURL)
    /// let transcript = try scenario.run()
    /// #expect(transcript.events(named: "push").first?.string("alert")
    ///     == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
    /// ```
    ///
    /// `app` plugs in your own providers and services (default: the original app), `geocoder`
    /// replaces the one the scenario names.
    public func run(app: ReplayApp = ReplayApp(), geocoder: (any ReverseGeocoder)? = nil) throws -> Transcript {
        try run(using: ReplayScenarioExecutor(app: app, geocoder: geocoder))
    }

    /// The async form of ``run(app:geocoder:)``: the replay runs on a thread of its own while
    /// the caller suspends, so a test does not hold a thread of the cooperative pool that the
    /// app's own async code (`Task.detached`, actors) may need.
    public func run(app: ReplayApp = ReplayApp(), geocoder: (any ReverseGeocoder)? = nil) async throws -> Transcript {
        let scenario = self
        let text: Result<String, any Error> = await OwnThread.run {
            Result { try ReplayScenarioExecutor(app: app, geocoder: geocoder).run(scenario) }
        }
        return try Transcript(parsing: text.get())
    }
}
