import Foundation
import LocSimHTTPRecording
import LocSimSupport
import Testing

/// issue 24 item 4: two recordings into one cassette never both succeed while the file keeps one.
@Suite struct CassetteLockTests {
    @Test func aSecondHolderIsRefusedUntilTheFirstReleases() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("cassette.json")
        let first = try CassetteLock.acquire(for: path)
        #expect(FileManager.default.fileExists(atPath: path + ".lock"))
        #expect(throws: CassetteLock.Busy(path: path, lockPath: path + ".lock", holder: getpid())) {
            try CassetteLock.acquire(for: path)
        }
        first.release()
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
        let second = try CassetteLock.acquire(for: path)
        second.release()
        second.release()
    }

    @Test func twoRecordingSessionsIntoOneCassetteCannotBothRun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("same.json")
        let options = RecordingOptions(live: true, recordPath: path, mode: .newEpisodes, environment: [:])
        let first = try RecordingSession(options: options, liveTransport: nil)
        do {
            _ = try RecordingSession(options: options, liveTransport: nil)
            Issue.record("a second session recorded into \(path) while the first was running")
        } catch {
            guard case .busy(let busy) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(busy.description.contains("process \(getpid()) is recording into this cassette"))
        }
        _ = try first.finish()
        withExtendedLifetime(first) {}
    }

    /// issue 24 item 8: a cassette that cannot be written is a write failure, not bad input data.
    @Test func aCassetteThatCannotBeWrittenIsAWriteFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a regular file", to: "file")
        let path = directory.file("file/cassette.json")
        do {
            _ = try RecordingSession(
                options: RecordingOptions(live: true, recordPath: path, mode: .newEpisodes, environment: [:]),
                liveTransport: nil)
            Issue.record("recorded under a regular file")
        } catch {
            guard case .cassette(let failure) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failure.kind == .write)
            #expect(failure.path == path)
        }
    }
}
