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
}
