import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting
import Testing

/// issue 34 item 8: `locsim record` locks the scenario's own cassette (not its staged copy), so a
/// `serve --record` (or any recorder) holding it keeps `record` out: 75, nothing recorded. Item 3:
/// a lock symlink planted in the scenario folder is refused and its target left as it was.
@Suite struct RecordCassetteLockTests {
    @Test func recordExits75WhileAnotherProcessRecordsTheCassette() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        let server = try RecordCommandTests.server { RecordCommandTests.advisory }
        defer { server.stop() }
        let cassette = repository.file("loopback-franklin", "cassette.json").path
        // What `serve loopback-franklin --record` takes (RecordingSession locks the real file).
        let held = try CassetteLock.acquire(for: cassette)
        defer { held.release() }

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status == .temporaryFailure, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                "error: process \(getpid()) is recording into this cassette "
                    + "(lock Recordings/loopback-franklin/cassette.json.lock)"), "\(run.stderr)")
        #expect(server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cassette))
        #expect(repository.text("loopback-franklin", "expected.jsonl") == nil)
    }

    /// The same through a symlinked alias of the scenario's cassette.
    @Test func recordThroughASymlinkedCassetteExits75Too() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        let server = try RecordCommandTests.server { RecordCommandTests.advisory }
        defer { server.stop() }
        try Data("{\"interactions\":[],\"version\":1}\n".utf8).write(
            to: repository.root.appendingPathComponent("shared.json"))
        try FileManager.default.createSymbolicLink(
            atPath: repository.file("loopback-franklin", "cassette.json").path,
            withDestinationPath: repository.root.appendingPathComponent("shared.json").path)
        let held = try CassetteLock.acquire(for: repository.root.appendingPathComponent("shared.json").path)
        defer { held.release() }

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status == .temporaryFailure, "\(run.stdout)\(run.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func aPlantedLockSymlinkLeavesItsTargetByteIdentical() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        let server = try RecordCommandTests.server { RecordCommandTests.advisory }
        defer { server.stop() }
        let target = repository.root.appendingPathComponent("id_ed25519.pub")
        let precious = Data("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI precious@key\n".utf8)
        try precious.write(to: target)
        try FileManager.default.createSymbolicLink(
            atPath: repository.file("loopback-franklin", "cassette.json.lock").path, withDestinationPath: target.path)

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status == .ioError, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                "refusing the lock file Recordings/loopback-franklin/cassette.json.lock: it is a symbolic link"),
            "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target.path) == precious)
        #expect(server.requests.isEmpty)
    }

    /// A symlink planted at a staging folder's name (a dead process's) is neither followed nor
    /// emptied: what it points at stays, and the recording still happens.
    @Test func aPlantedStagingSymlinkIsLeftAlone() throws {
        let repository = try RecordCommandTests.loopbackScenario()
        defer { repository.remove() }
        let server = try RecordCommandTests.server { RecordCommandTests.advisory }
        defer { server.stop() }
        let elsewhere = repository.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let precious = Data("keep me\n".utf8)
        try precious.write(to: elsewhere.appendingPathComponent("cassette.json"))
        try Data("cassette.json\n".utf8).write(to: elsewhere.appendingPathComponent("COMMIT"))
        let planted = repository.file("loopback-franklin", ".locsim-record-2147480000").path
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: elsewhere.path)

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            FileManager.default.contents(atPath: elsewhere.appendingPathComponent("cassette.json").path) == precious)
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("COMMIT").path))
        #expect(repository.text("loopback-franklin", "cassette.json")?.contains("advisories") == true)
    }
}
