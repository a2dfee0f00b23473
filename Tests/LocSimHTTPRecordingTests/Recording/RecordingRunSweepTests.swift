import Foundation
import Testing

@testable import LocSimHTTPRecording

/// The run files of recordings that are over are removed, so `$TMPDIR/locsim-recording-runs-<uid>`
/// does not keep two files for every cassette path a suite ever recorded into (a developer's
/// folder held 4,198); a run that is held, being joined, or that its command may still continue
/// is kept.
@Suite struct RecordingRunSweepTests {
    @Test func runsThatAreOverAreRemovedAndLiveOnesKept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func run(_ name: String, launcher: String) throws {
            try folder.write("", to: name + ".join")
            try folder.write("had-recording=1 pre-run=2 launcher=\(launcher)\n", to: name + ".run")
        }
        try run("over-1", launcher: "")
        try run("dead-launcher-2", launcher: "\(getpid()).1")
        try run("held-3", launcher: "")
        try run("joining-4", launcher: "")
        try folder.write("", to: "orphan-5.join")
        // Members hold the run file shared; a joiner holds the join file exclusively.
        let member = open(folder.file("held-3.run"), O_RDWR)
        defer { close(member) }
        #expect(flock(member, LOCK_SH) == 0)
        let joiner = open(folder.file("joining-4.join"), O_RDWR)
        defer { close(joiner) }
        #expect(flock(joiner, LOCK_EX) == 0)
        #if os(Linux)
            // The command that started this process's members is still running.
            let start = try #require(RecordingRun.startTime(of: getpid()))
            try run("live-launcher-6", launcher: "\(getpid()).\(start)")
        #endif

        RecordingRun.sweep(folder: folder.path)

        var expected = ["held-3.join", "held-3.run", "joining-4.join", "joining-4.run"]
        #if os(Linux)
            expected += ["live-launcher-6.join", "live-launcher-6.run"]
        #endif
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == expected)
    }

    @Test func aLauncherIsAliveOnlyWhileItsProcessRunsWithItsStartTime() throws {
        #expect(!RecordingRun.isAlive(launcher: ""))
        #expect(!RecordingRun.isAlive(launcher: "\(getpid()).1"))
        #expect(!RecordingRun.isAlive(launcher: "not-a-launcher"))
        #if os(Linux)
            let start = try #require(RecordingRun.startTime(of: getpid()))
            #expect(RecordingRun.isAlive(launcher: "\(getpid()).\(start)"))
        #endif
    }
}
