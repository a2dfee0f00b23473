import Foundation
import LocSimCLI
import LocSimTesting
import Testing

@Suite struct RecordCommandErrorTests {
    /// A library error already worded compiler style is printed once, with the path as shown
    /// elsewhere in the report (not `error: /abs/…/cassette.json:1:2: error: …`).
    @Test func aBrokenCassetteIsOneDiagnosticWithTheDisplayedPath() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        try repository.write("{broken", "loopback-franklin", "cassette.json")
        let run = CLIRun(["record", "loopback-franklin"], in: repository.root.path, environment: [:])
        #expect(run.status == ExitCode.dataError)
        #expect(run.stderr == "Recordings/loopback-franklin/cassette.json:1:2: error: expected a string key\n")
    }
}
