import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimCLI

/// `serve --ready-file PATH` touches nothing but its own file (issue 34 item 2): a usage error
/// leaves PATH as it was; a PATH naming anything but nothing or a stale ready file (a symlink, a
/// device, a directory, a FIFO, a file of someone's) is refused with exit 64 and left untouched;
/// at exit only the file this run wrote is removed.
@Suite struct ReadyFileTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-ready-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The reproduction: `--mode` without `--record` is a usage error (64), and the file
    /// named by `--ready-file` is still there, unchanged.
    @Test(arguments: [
        ["--mode", "once"], ["--port", "70000"], ["no-such-scenario"], ["--connect-to", "x"],
    ])
    func aUsageErrorLeavesTheReadyFileAlone(arguments: [String]) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("notes.txt")
        try "my notes\n".write(to: notes, atomically: true, encoding: .utf8)
        let stale = directory.appendingPathComponent("serve.url")
        try "http://127.0.0.1:1\n".write(to: stale, atomically: true, encoding: .utf8)
        for file in [notes, stale] {
            let (status, stdout, _) = ServeCommandTests.run(["serve", "--ready-file", file.path] + arguments)
            #expect(status == .usage)
            #expect(stdout == "")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
        #expect(try String(contentsOf: stale, encoding: .utf8) == "http://127.0.0.1:1\n")
    }

    @Test func readyFileTextIsOneBaseURLLine() {
        for good in ["http://127.0.0.1:8080\n", "http://[::1]:1\n", "http://localhost:65535\n"] {
            #expect(ReadyFile.isBaseURLLine(Array(good.utf8)), "\(good)")
        }
        for bad in ["http://127.0.0.1:8080", "my notes\n", "http://127.0.0.1:8080\nmore\n", "http://h/x:1\n", ""] {
            #expect(!ReadyFile.isBaseURLLine(Array(bad.utf8)), "\(bad.debugDescription)")
        }
    }

    #if os(Linux)
        /// Runs the built `locsim serve` with `arguments`; waits at most 20 s (a server that did
        /// not refuse would serve on: it is killed and the test fails).
        static func serve(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = ServeCommandTests.packageRoot
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return (-1, "still serving after 20 s")
            }
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, text)
        }

        /// What a path names, to compare before and after.
        static func describe(_ path: String) -> String {
            var info = stat()
            guard lstat(path, &info) == 0 else { return "nothing" }
            let kind = info.st_mode & S_IFMT
            var text = "mode \(kind) inode \(info.st_ino) rdev \(info.st_rdev)"
            if kind == S_IFLNK, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                text += " -> \(target)"
            }
            if kind == S_IFREG { text += " " + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "?") }
            return text
        }

        /// A symlink (to a file, and to a stale-looking ready file), a device node, a directory, a
        /// FIFO and someone's file: each is refused with 64 before listening, and neither it nor
        /// what it points to changes. The old server unlinked each of them first thing (as root
        /// it deleted /dev/null).
        @Test(arguments: ["symlink", "symlink-to-ready", "device", "directory", "fifo", "notes"])
        func aPathThatIsNotAReadyFileIsRefusedUntouched(kind: String) throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let target = directory.appendingPathComponent("id_ed25519.pub").path
            try "ssh-ed25519 AAAA key\n".write(toFile: target, atomically: true, encoding: .utf8)
            let ready = directory.appendingPathComponent("ready").path
            try "http://127.0.0.1:1\n".write(toFile: ready, atomically: true, encoding: .utf8)
            var path = directory.appendingPathComponent("serve.url").path
            switch kind {
            case "symlink": #expect(symlink(target, path) == 0)
            case "symlink-to-ready": #expect(symlink(ready, path) == 0)
            case "device":
                // A null device of this test's own (as root); elsewhere /dev/null, which a user
                // cannot remove.
                // (Device 1,3 is the null device: Linux encodes it as 0x103.)
                if mknod(path, S_IFCHR | 0o666, dev_t(0x103)) != 0 { path = "/dev/null" }
            case "directory":
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                try "inside\n".write(toFile: path + "/file", atomically: true, encoding: .utf8)
            case "fifo": #expect(mkfifo(path, 0o644) == 0)
            default: try "my notes\n".write(toFile: path, atomically: true, encoding: .utf8)
            }
            let before = [path, target, ready, path + "/file"].map(Self.describe)
            let (status, stderr) = try Self.serve(["franklin-la", "--port", "0", "--ready-file", path])
            #expect(status == 64, "\(stderr)")
            #expect(stderr.contains("'--ready-file \(path)' names "), "\(stderr)")
            #expect([path, target, ready, path + "/file"].map(Self.describe) == before)
        }

        /// A normal run writes a regular file holding the URL and removes it at exit; a stale ready
        /// file is replaced; a file put in its place while serving is not removed.
        @Test(arguments: [false, true])
        func aNormalRunWritesAndRemovesOnlyItsOwnFile(replacedWhileServing: Bool) throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let ready = directory.appendingPathComponent("serve.url").path
            try "http://127.0.0.1:1\n".write(toFile: ready, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = ["serve", "franklin-la", "--port", "0", "--ready-file", ready]
            process.currentDirectoryURL = ServeCommandTests.packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            var url = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, process.isRunning {
                url = (try? String(contentsOfFile: ready, encoding: .utf8)) ?? ""
                if url.hasPrefix("http://127.0.0.1:"), url != "http://127.0.0.1:1\n" { break }
                usleep(20_000)
            }
            #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("\n") && url != "http://127.0.0.1:1\n")
            var info = stat()
            #expect(lstat(ready, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(leftovers == ["serve.url"], "no temporary file is left beside it")
            if replacedWhileServing {
                try "someone else's\n".write(toFile: ready, atomically: true, encoding: .utf8)
            }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            if replacedWhileServing {
                #expect((try? String(contentsOfFile: ready, encoding: .utf8)) == "someone else's\n")
            } else {
                #expect(!FileManager.default.fileExists(atPath: ready), "the ready file outlived the server")
            }
        }

        /// A run that stops after its arguments are valid (here the port is taken: 69) removes a
        /// stale ready file, so the documented `while [ ! -s FILE ]` loop never reads an old URL.
        @Test func aRunThatCannotListenRemovesAStaleReadyFile() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let ready = directory.appendingPathComponent("serve.url").path
            try "http://127.0.0.1:1\n".write(toFile: ready, atomically: true, encoding: .utf8)
            let taken = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200)) }
            defer { taken.stop() }
            let (status, stderr) = try Self.serve([
                "franklin-la", "--port", String(taken.port), "--ready-file", ready,
            ])
            #expect(status == 69, "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: ready))
        }
    #endif
}
