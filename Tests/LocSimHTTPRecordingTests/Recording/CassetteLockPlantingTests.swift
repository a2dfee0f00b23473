import Foundation
import LocSimHTTPRecording
import LocSimSupport
import Testing

/// issue 34 items 3 and 8: what a repository plants at a lock file's name is never written, and
/// every name of one cassette takes the same lock.
@Suite struct CassetteLockPlantingTests {
    static let precious = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI precious@key\n"

    @Test func aPlantedLockSymlinkIsRefusedAndItsTargetStaysByteIdentical() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Self.precious, to: "id_ed25519.pub")
        let path = directory.file("cassette.json")
        try FileManager.default.createSymbolicLink(
            atPath: path + ".lock", withDestinationPath: directory.file("id_ed25519.pub"))
        #expect {
            try CassetteLock.acquire(for: path)
        } throws: { error in
            "\(error)"
                == "refusing the lock file \(path).lock: it is a symbolic link, not a lock file locsim wrote; "
                + "remove it and run again (nothing was recorded)"
        }
        #expect(directory.read("id_ed25519.pub") == Self.precious)
    }

    @Test func aPlantedDanglingLockSymlinkCreatesNothingThroughIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("cassette.json")
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: directory.file("made"))
        #expect(throws: (any Error).self) { try CassetteLock.acquire(for: path) }
        #expect(!FileManager.default.fileExists(atPath: directory.file("made")))
    }

    @Test func aForeignFileAtTheLockNameIsRefusedUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Self.precious, to: "cassette.json.lock")
        #expect(throws: (any Error).self) { try CassetteLock.acquire(for: directory.file("cassette.json")) }
        #expect(directory.read("cassette.json.lock") == Self.precious)
    }

    @Test func aStaleLockFileOfADeadRecorderIsTakenOver() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("2147480000\n", to: "cassette.json.lock")
        let lock = try CassetteLock.acquire(for: directory.file("cassette.json"))
        #expect(directory.read("cassette.json.lock") == "\(getpid())\n")
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: directory.file("cassette.json.lock")))
    }

    /// A symlinked alias of the cassette file contends for the cassette's own lock.
    @Test func aSymlinkedCassetteTakesTheSameLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{\"interactions\":[],\"version\":1}\n", to: "x/cassette.json")
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("alias.json"), withDestinationPath: directory.file("x/cassette.json"))
        let held = try CassetteLock.acquire(for: directory.file("x/cassette.json"))
        defer { held.release() }
        #expect(throws: CassetteLock.Busy.self) { try CassetteLock.acquire(for: directory.file("alias.json")) }
    }

    /// So does a symlinked scenario folder, and a path spelled with `.` components.
    @Test func aSymlinkedFolderAndAnUnnormalisedSpellingTakeTheSameLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{\"interactions\":[],\"version\":1}\n", to: "Recordings/x/cassette.json")
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("Recordings/y"), withDestinationPath: directory.file("Recordings/x"))
        let held = try CassetteLock.acquire(for: directory.file("Recordings/x/cassette.json"))
        defer { held.release() }
        #expect(throws: CassetteLock.Busy.self) {
            try CassetteLock.acquire(for: directory.file("Recordings/y/cassette.json"))
        }
        #expect(throws: CassetteLock.Busy.self) {
            try CassetteLock.acquire(for: directory.file("Recordings/./x/../x/cassette.json"))
        }
    }
}
