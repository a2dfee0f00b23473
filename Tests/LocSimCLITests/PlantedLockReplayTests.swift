import Foundation
import LocSimCLI
import Testing

/// issue 34 item 3: `replay --live --record` into a cassette whose lock file a repository
/// planted as a symlink refuses it (74, nothing recorded) and leaves what it names as it was.
@Suite struct PlantedLockReplayTests {
    @Test func aPlantedLockSymlinkIsRefusedAndItsTargetStaysByteIdentical() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.gpx("<wpt lat=\"29.811373\" lon=\"-91.527946\"></wpt>"), to: "one.gpx")
        let precious = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI precious@key\n"
        try fixture.write(precious, to: "id_ed25519.pub")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.directory + "/cassette.json.lock",
            withDestinationPath: fixture.directory + "/id_ed25519.pub")
        let run = fixture.run([
            "replay", "one.gpx", "--providers", "none", "--no-push", "--live", "--record", "cassette.json",
        ])
        #expect(run.status == .ioError, "\(run.stderr)")
        #expect(
            run.stderr.contains("refusing the lock file cassette.json.lock: it is a symbolic link"), "\(run.stderr)")
        #expect(fixture.read("id_ed25519.pub") == precious)
        #expect(fixture.read("cassette.json") == nil)
    }
}
