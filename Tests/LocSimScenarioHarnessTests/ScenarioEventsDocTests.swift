import Foundation
import LocSimScenarioHarness
import LocSimSettings
import Testing

/// docs/scenarios.md's `events` example is the repository scenario's.
@Suite struct ScenarioEventsDocTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardizedFileURL

    @Test func theDocsExampleIsPermissionRevokedI10sEvents() throws {
        let page = try String(contentsOf: Self.root.appending(path: "docs/scenarios.md"), encoding: .utf8)
        let block = try #require(page.firstMatch(of: /```json\n("events": \[[^`]*\])\n```/)?.1)
        let text = #"{"version": 1, "track": "t.gpx", "# + block + "}"
        let example = try ScenarioFile.parse(text, file: "docs/scenarios.md")
        let path = "Recordings/permission-revoked-i10/scenario.json"
        let scenario = try ScenarioFile.parse(
            try String(contentsOf: Self.root.appending(path: path), encoding: .utf8), file: path)
        #expect(!example.settings.events.isEmpty)
        #expect(example.settings.events == scenario.settings.events)
    }
}
