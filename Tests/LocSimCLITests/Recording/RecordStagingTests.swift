import Foundation
import LocSimCLI
import LocSimScenarioHarness
import LocSimTesting
import Testing

@testable import LocSimScenarioReplay

/// `locsim record` swaps cassette and expectation in together, and cleans up after itself and
/// after runs that were killed.
@Suite struct RecordStagingTests {
    /// The id of a process that has exited (a `true` that ran and was reaped).
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// `loopback-franklin` recorded once (cassette + expectation), with the server's answer.
    static func recordedScenario() throws -> (TemporaryRepository, LoopbackHTTPServer) {
        let repository = try RecordCommandTests.loopbackScenario()
        let server = try removingIfThrows(repository.root) {
            try RecordCommandTests.server { RecordCommandTests.advisory }
        }
        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status.rawValue == 0, "\(run.stderr)")
        return (repository, server)
    }

    static func folderNames(_ repository: TemporaryRepository) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: repository.recordings.appendingPathComponent("loopback-franklin").path
        ).sorted()
    }

    @Test func aRecordingLeavesOnlyThePairBehind() throws {
        let (repository, server) = try Self.recordedScenario()
        defer {
            server.stop()
            repository.remove()
        }
        #expect(try Self.folderNames(repository) == ["cassette.json", "expected.jsonl", "scenario.json"])
    }

    /// Killed after `COMMIT`, between the two renames: the new cassette is in place, the new
    /// expectation still staged. `locsim test` says so instead of failing on a mismatch; the
    /// next `record` finishes the swap, says so, and records.
    @Test func aSwapCutShortIsDetectedByTestAndFinishedByTheNextRecord() throws {
        let (repository, server) = try Self.recordedScenario()
        defer {
            server.stop()
            repository.remove()
        }
        let folder = repository.recordings.appendingPathComponent("loopback-franklin")
        let stagingName = RecordStagingFolder.name(pid: try Self.deadPID())
        let staging = folder.appendingPathComponent(stagingName)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data("new expectation\n".utf8).write(to: staging.appendingPathComponent("expected.jsonl"))
        try Data().write(to: staging.appendingPathComponent(RecordStagingFolder.commitMarker))

        let test = CLIRun(["test"], in: repository.root.path, environment: ["CI": "true"])
        #expect(test.status.rawValue == 1)
        #expect(
            test.stdout.hasPrefix(
                "FAIL loopback-franklin: an interrupted `locsim record` left Recordings/loopback-franklin/cassette.json "
                    + "and Recordings/loopback-franklin/expected.jsonl half swapped (new: cassette.json; old: "
                    + "expected.jsonl; Recordings/loopback-franklin/\(stagingName)/); run `locsim record loopback-franklin` to "
                    + "finish the swap and record again\n"))

        let location = ScenarioLocation(name: "loopback-franklin", recordingsDirectory: repository.recordings)
        let recovery = try RecordStaging.recover(location)
        #expect(recovery.finishedSwaps == ["Recordings/loopback-franklin/\(stagingName)/"])
        #expect(repository.text("loopback-franklin", "expected.jsonl") == "new expectation\n")
        #expect(try Self.folderNames(repository) == ["cassette.json", "expected.jsonl", "scenario.json"])
    }

    /// issue 24 item 11: `kill -9` before anything moved (no `COMMIT`, or `COMMIT` with every
    /// listed file still staged) leaves the pair intact: `locsim test` runs the scenario instead
    /// of saying "half swapped", and `locsim test --update` removes the litter.
    @Test(arguments: [false, true])
    func litterThatSwappedNothingIsNotCalledHalfSwappedAndUpdateRemovesIt(committed: Bool) throws {
        let (repository, server) = try Self.recordedScenario()
        defer {
            server.stop()
            repository.remove()
        }
        let folder = repository.recordings.appendingPathComponent("loopback-franklin")
        let stagingName = RecordStagingFolder.name(pid: try Self.deadPID())
        let staging = folder.appendingPathComponent(stagingName)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data("new cassette\n".utf8).write(to: staging.appendingPathComponent("cassette.json"))
        try Data("new expectation\n".utf8).write(to: staging.appendingPathComponent("expected.jsonl"))
        if committed {
            try Data(RecordStagingFolder.commitText(moving: ["cassette.json", "expected.jsonl"]).utf8).write(
                to: staging.appendingPathComponent(RecordStagingFolder.commitMarker))
        }
        #expect(RecordStagingFolder.litter(staging) == (committed ? .notSwapped : .abandoned))

        let test = CLIRun(["test"], in: repository.root.path, environment: ["CI": "true"])
        #expect(test.status.rawValue == 0, "\(test.stdout)")
        #expect(!test.stdout.contains("half swapped"))
        #expect(test.stdout.hasPrefix("PASS loopback-franklin"))

        let update = CLIRun(["test", "--update"], in: repository.root.path, environment: [:])
        #expect(update.status.rawValue == 0, "\(update.stdout)")
        #expect(FileManager.default.fileExists(atPath: staging.path) == committed)
    }

    /// After SIGKILL mid-recording: a staging folder without `COMMIT` and temporary files of a
    /// dead process. The next `record` removes them (saying so); a live process's are refused.
    @Test func theNextRecordRemovesWhatAKilledRunLeft() throws {
        let (repository, server) = try Self.recordedScenario()
        defer {
            server.stop()
            repository.remove()
        }
        let folder = repository.recordings.appendingPathComponent("loopback-franklin")
        let dead = try Self.deadPID()
        let staging = folder.appendingPathComponent(RecordStagingFolder.name(pid: dead))
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data("half".utf8).write(to: staging.appendingPathComponent(".cassette.json.tmp-\(dead)-0"))
        try Data("half".utf8).write(to: folder.appendingPathComponent(".expected.jsonl.\(dead).tmp"))
        let cassette = repository.text("loopback-franklin", "cassette.json")

        let run = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(run.status.rawValue == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "note: removed Recordings/loopback-franklin/.locsim-record-\(dead)/, left by an interrupted locsim record"
            ))
        #expect(run.stderr.contains("note: removed Recordings/loopback-franklin/.expected.jsonl.\(dead).tmp"))
        #expect(try Self.folderNames(repository) == ["cassette.json", "expected.jsonl", "scenario.json"])
        #expect(repository.text("loopback-franklin", "cassette.json") == cassette)

        let live = folder.appendingPathComponent(RecordStagingFolder.name(pid: getppid()))
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        let refused = CLIRun(
            ["record", "loopback-franklin", "--base-url", "aeris=\(server.baseURL)"], in: repository.root.path,
            environment: RecordCommandTests.secrets)
        #expect(refused.status.rawValue == 74)
        #expect(refused.stderr.contains("another locsim record (process \(getppid())) is recording loopback-franklin"))
    }

    @Test func temporaryFileNamesOfOursAreRecognised() {
        #expect(RecordStaging.temporaryFilePID(".cassette.json.tmp-123-0") == 123)
        #expect(RecordStaging.temporaryFilePID(".expected.jsonl.77.tmp") == 77)
        #expect(RecordStaging.temporaryFilePID(".expected.jsonl.x.tmp") == nil)
        #expect(RecordStaging.temporaryFilePID("cassette.json") == nil)
        #expect(RecordStaging.temporaryFilePID(".cassette.json.tmp-") == nil)
    }
}
