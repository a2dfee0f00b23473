import Foundation
import LocSimSupport
import Testing

/// issue 34 items 3 and 13: an atomic write follows nothing planted in its folder, its temporary
/// file cannot be guessed or read half written, and a killed writer's temporaries go.
@Suite struct AtomicFileWriterPlantingTests {
    static let precious = "do not touch\n"

    @Test func aSymlinkPlantedAtATemporaryNameIsNeverFollowed() throws {
        try withDirectory { directory in
            try Self.precious.write(toFile: directory + "/target", atomically: false, encoding: .utf8)
            for attempt in 0..<3 {
                try FileManager.default.createSymbolicLink(
                    atPath: directory + "/.cassette.json.tmp-\(getpid())-\(attempt)",
                    withDestinationPath: directory + "/target")
            }
            try AtomicFileWriter().write("new", to: directory + "/cassette.json")
            #expect(try String(contentsOfFile: directory + "/target", encoding: .utf8) == Self.precious)
            #expect(try String(contentsOfFile: directory + "/cassette.json", encoding: .utf8) == "new")
        }
    }

    /// While being written the temporary file is 0600 under a name with a random part; the
    /// finished file has the mode `open(2)` gives (0644 less the umask).
    @Test func theTemporaryIsPrivateAndUnpredictable() throws {
        try withDirectory { directory in
            var seen: [(name: String, mode: mode_t)] = []
            try AtomicFileWriter().write(to: directory + "/out.json") {
                (output: inout AtomicFileOutput) throws(AtomicWriteError) in
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                    var info = stat()
                    _ = lstat(directory + "/" + name, &info)
                    seen.append((name, info.st_mode & 0o777))
                }
                try output.write("x".utf8)
            }
            #expect(seen.count == 1)
            let name = try #require(seen.first?.name)
            #expect(name.hasPrefix(".out.json.tmp-\(getpid())-"))
            #expect(!["0", "1", "2"].contains(name.dropFirst(".out.json.tmp-\(getpid())-".count)))
            #expect(seen.first?.mode == 0o600)
            let mask = umask(0o022)
            umask(mask)
            var info = stat()
            #expect(stat(directory + "/out.json", &info) == 0 && info.st_mode & 0o777 == 0o644 & ~mask)
        }
    }

    /// `kill -9` between writing and renaming leaves `.cassette.json.tmp-PID-N`: the next write
    /// of the file removes those of dead processes (regular files only; a link is left alone).
    @Test func theNextWriteRemovesTheTemporariesOfDeadWriters() throws {
        try withDirectory { directory in
            try Self.precious.write(toFile: directory + "/target", atomically: false, encoding: .utf8)
            try "half".write(toFile: directory + "/.cassette.json.tmp-2147480000-0", atomically: false, encoding: .utf8)
            try "half".write(
                toFile: directory + "/.cassette.json.tmp-2147480001-9f3a", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/.cassette.json.tmp-2147480002-0", withDestinationPath: directory + "/target")
            // A live writer's temporary (this process's parent) and another file's stay.
            try "live".write(
                toFile: directory + "/.cassette.json.tmp-\(getppid())-0", atomically: false, encoding: .utf8)
            try "other".write(
                toFile: directory + "/.expected.jsonl.tmp-2147480000-0", atomically: false, encoding: .utf8)
            try AtomicFileWriter().write("new", to: directory + "/cassette.json")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(
                left
                    == [
                        ".cassette.json.tmp-2147480002-0", ".cassette.json.tmp-\(getppid())-0",
                        ".expected.jsonl.tmp-2147480000-0", "cassette.json", "target",
                    ].sorted())
            #expect(try String(contentsOfFile: directory + "/target", encoding: .utf8) == Self.precious)
        }
    }

    /// A FIFO at a path locsim chose is refused at once; named by the user and read by no one,
    /// it fails at once too (`ENXIO`), never waits.
    @Test func aFIFOIsNeverWaitedOn() throws {
        try withDirectory { directory in
            let fifo = directory + "/cassette.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(
                throws: AtomicWriteError(
                    path: fifo, step: "it is a FIFO, not a regular file (nothing was written)", code: 0)
            ) {
                try AtomicFileWriter().write("x", to: fifo)
            }
            #expect(
                throws: AtomicWriteError(path: fifo, step: "no process reads this FIFO (nothing was written)", code: 0)
            ) {
                try AtomicFileWriter(writesSpecialFilesInPlace: true).write("x", to: fifo)
            }
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test func aSymlinkAtTheDestinationIsReplacedNotFollowed() throws {
        try withDirectory { directory in
            try Self.precious.write(toFile: directory + "/target", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/out.json", withDestinationPath: directory + "/target")
            try AtomicFileWriter().write("new", to: directory + "/out.json")
            #expect(try String(contentsOfFile: directory + "/target", encoding: .utf8) == Self.precious)
            var info = stat()
            #expect(lstat(directory + "/out.json", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
            #expect(try String(contentsOfFile: directory + "/out.json", encoding: .utf8) == "new")
        }
    }
}

private func withDirectory(_ body: (String) throws -> Void) throws {
    let path = NSTemporaryDirectory() + "locsim-planting-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}
