import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// issue 24 item 13: `record`'s "not set in the environment" note listed every secret of every
/// provider (11 names for an NWS-only scenario); it lists only what this scenario's services send.
@Suite struct RecordSecretsNoteTests {
    @Test func theNoteListsOnlyTheScenariosOwnMissingSecrets() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        let server = try RecordCommandTests.server { RecordCommandTests.advisory }
        defer { server.stop() }
        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: ["AERIS_CLIENT_ID": "e2eClientId42", "SOURCE_DATE_EPOCH": "1714521600"])
        #expect(run.status == .success, "\(run.stderr)")
        #expect(
            run.stderr.contains("note: not set in the environment (sent as placeholders): AERIS_CLIENT_SECRET\n"),
            "\(run.stderr)")
    }
}
