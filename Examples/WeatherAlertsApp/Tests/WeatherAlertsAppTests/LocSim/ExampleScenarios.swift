import Foundation
import LocSim

/// Where the example keeps its scenarios, and the app it plugs into locsim.
enum ExampleScenarios {
    /// The example package's root (its `Recordings/` and `Waypoints/` live here).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Recordings/` of the example package.
    static let recordings = packageRoot.appendingPathComponent("Recordings")

    /// The app on locsim's bus: the app's own Xweather adapter registered as `app-xweather`,
    /// and the app's push text in place of the built-in push controller.
    static func app(provider: AppXweatherProvider = AppXweatherProvider()) throws -> ReplayApp {
        var app = ReplayApp(pushService: AppPushService())
        try app.providers.register(provider)
        return app
    }

    /// The scenario's transcript with `provider`, and its unified diff against `expected.jsonl`
    /// (empty when they match).
    static func run(
        _ name: String, provider: AppXweatherProvider = AppXweatherProvider()
    ) throws -> (
        transcript: Transcript, diff: UnifiedDiff
    ) {
        let scenario = try Scenario.load(named: name, in: recordings)
        let transcript = try scenario.run(app: app(provider: provider))
        let environment = ProcessInfo.processInfo.environment
        if environment["UPDATE_GOLDEN"] == "1", environment["CI"]?.isEmpty ?? true, provider.isTheApps {
            // A deliberate re-bless: `UPDATE_GOLDEN=1 swift test`, never on CI.
            try scenario.writeExpectation(transcript.text)
        }
        let diff = UnifiedDiff(
            old: try scenario.expectedText(), new: transcript.text, oldLabel: scenario.location.expectationPath,
            newLabel: "this run")
        return (transcript, diff)
    }
}
