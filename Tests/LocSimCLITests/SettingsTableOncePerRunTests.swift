import Foundation
import LocSimCLI
import LocSimReplay
import LocSimTesting
import LocSimWeather
import Testing

/// Each command builds its app's settings table once, however many places read it (the options,
/// the scenario file, the recording flags, the map caption).
@Suite struct SettingsTableOncePerRunTests {
    @Test(arguments: [
        ["replay", "--format", "jsonl", "Waypoints/franklin-la.gpx"],
        ["replay", "--format", "jsonl", "--scenario", "houston-new-orleans-i10"],
        ["plot", "Waypoints/franklin-la.gpx", "-o", "PLOT"],
        ["export", "houston-new-orleans-i10", "--to", "xcode-gpx", "-o", "EXPORT"],
    ])
    func aCommandBuildsItsTableOnce(arguments: [String]) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("table-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let resolved = arguments.map {
            switch $0 {
            case "PLOT": output.appendingPathComponent("map.svg").path
            case "EXPORT": output.appendingPathComponent("drive.gpx").path
            default: $0
            }
        }
        let app = ReplayApp()
        #expect(app.settingsTableBuilds == 0)
        let run = CLIRun(resolved, in: RepositoryFixture.root.path, app: app)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(app.settingsTableBuilds == 1)
    }

    @Test func aRegistryChangeBuildsItAgain() {
        var app = ReplayApp()
        _ = app.settingsTable
        let copy = app
        _ = copy.settingsTable
        #expect(app.settingsTableBuilds == 1)
        app.providers = .builtIn
        #expect(app.settingsTableBuilds == 0)
        _ = app.settingsTable
        #expect(app.settingsTableBuilds == 1)
        #expect(copy.settingsTableBuilds == 1)
    }
}
