import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimTesting
import Testing

/// `Recordings/permission-revoked-i10`: a background move and a mid-drive denial in a
/// repository scenario, as `locsim replay --scenario` plays it (the golden's own check is
/// `locsim test`'s).
@Suite struct PermissionRevokedScenarioTests {
    @Test func theBackgroundMoveAndTheDenialShowAndTheWeatherServiceStopsAsking() throws {
        let run = CLIRun(
            ["replay", "--format", "jsonl", "--scenario", "permission-revoked-i10"], in: RepositoryFixture.root.path)
        #expect(run.status == .success, "\(run.stderr)")
        let lines = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        func t(_ line: JSONValue) -> Double { line["t"]?.doubleValue ?? -1 }
        func named(_ name: String) -> [JSONValue] { lines.filter { $0["event"]?.stringValue == name } }
        #expect(
            named("application_state").map { "\(t($0)) \($0["state"]?.stringValue ?? "")" } == [
                "1200.0 background", "3600.0 active",
            ])
        // When-in-use in the background: no fix, no place, no weather from 1200 s to 3600 s.
        #expect(!lines.contains { t($0) > 1200 && t($0) < 3600 })
        #expect(named("location").contains { t($0) == 3600 })
        #expect(named("push").map(t) == [0, 4285])
        // The denial at 5000 s: authorization denied, location_error code 1, then nothing.
        let after = lines.filter { t($0) >= 5000 }
        #expect(after.map { $0["event"]?.stringValue ?? "" } == ["authorization", "location_error"])
        #expect(after.first?["name"]?.stringValue == "denied")
        #expect(after.last?["code"]?.doubleValue == 1)
    }
}
