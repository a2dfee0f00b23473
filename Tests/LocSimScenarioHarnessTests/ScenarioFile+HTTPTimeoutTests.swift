import LocSimPluginOptions
import LocSimScenarioHarness
import LocSimSettings
import Testing

/// `http.timeout` in `scenario.json`: the deadline of one live request (`--http-timeout` on the
/// command line wins), read and written through the settings table.
struct ScenarioFileHTTPTimeoutTests {
    @Test func readsAndWritesTheTimeout() throws {
        let file = try ScenarioFile.parse(
            #"{"version": 1, "track": "Waypoints/x.gpx", "http": {"timeout": 5}}"#, file: "scenario.json")
        #expect(file.settings.httpTimeout == 5)
        #expect(file.statedKeys.contains("http.timeout"))
        #expect(try ScenarioFile.parse(file.text, file: "again.json") == file)
        #expect(ScenarioFile(track: "Waypoints/x.gpx").settings.httpTimeout == 30)
    }

    @Test func refusesANonPositiveTimeout() {
        #expect(throws: ScenarioFileError.self) {
            _ = try ScenarioFile.parse(
                #"{"version": 1, "track": "Waypoints/x.gpx", "http": {"timeout": 0}}"#, file: "scenario.json")
        }
    }

    /// The range `--http-timeout` is checked with: a day at most, a millisecond at least.
    @Test(arguments: [100_000.0, 0.0001]) func refusesWhatTheCommandLineRefuses(timeout: Double) {
        #expect(throws: ScenarioFileError.self) {
            _ = try ScenarioFile.parse(
                #"{"version": 1, "track": "Waypoints/x.gpx", "http": {"timeout": \#(timeout)}}"#, file: "scenario.json")
        }
        #expect(SettingCodec<Double>.httpTimeout.parse(String(timeout)) == nil)
    }
}
