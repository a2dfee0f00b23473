import Foundation
import LocSimSupport
import LocSimTesting
import Testing

/// issue 34 item 3: what a cloned repository plants beside a cassette or at the log's name is
/// never written through: `serve --record` refuses a lock symlink, `--log` a symlink to a file;
/// both exit 74 before serving, and the files the links name stay byte-identical.
@Suite struct ServePlantedFileTests {
    #if os(Linux)
        static let precious = Data("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI precious@key\n".utf8)

        /// A repository with `Recordings/franklin-la` and its track.
        static func repository() throws -> URL {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-planted-\(UUID())")
            let source = ServeCommandTests.packageRoot
            return try removingIfThrows(root) {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent("Recordings/franklin-la"), withIntermediateDirectories: true)
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent("Waypoints"), withIntermediateDirectories: true)
                for name in ["scenario.json", "cassette.json", "expected.jsonl"] {
                    try FileManager.default.copyItem(
                        at: source.appendingPathComponent("Recordings/franklin-la/\(name)"),
                        to: root.appendingPathComponent("Recordings/franklin-la/\(name)"))
                }
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent("Waypoints/franklin-la.gpx"),
                    to: root.appendingPathComponent("Waypoints/franklin-la.gpx"))
                try precious.write(to: root.appendingPathComponent("id_ed25519.pub"))
                return root
            }
        }

        /// Runs the built `locsim` in `root`; its status and standard error, or `nil` when it was
        /// still running (serving) after `seconds` and had to be killed.
        static func run(_ arguments: [String], in root: URL, seconds: Double = 30) throws -> (Int32, String)? {
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = arguments
            process.currentDirectoryURL = root
            // Recording is refused under CI before any file is touched: the suite runs in CI too.
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            guard exited.wait(timeout: .now() + seconds) == .success else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, text)
        }

        @Test func serveRecordRefusesAPlantedLockSymlink() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("Recordings/franklin-la/cassette.json.lock").path,
                withDestinationPath: root.appendingPathComponent("id_ed25519.pub").path)
            let outcome = try Self.run(["serve", "franklin-la", "--record", "--port", "0"], in: root)
            let (status, stderr) = try #require(outcome, "serve --record started serving through the planted lock")
            #expect(status == 74, "\(stderr)")
            #expect(
                stderr.contains(
                    "refusing the lock file Recordings/franklin-la/cassette.json.lock: it is a symbolic link"),
                "\(stderr)")
            #expect(
                FileManager.default.contents(atPath: root.appendingPathComponent("id_ed25519.pub").path)
                    == Self.precious)
        }

        @Test func serveLogRefusesASymlinkToAFile() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("serve.log").path,
                withDestinationPath: root.appendingPathComponent("id_ed25519.pub").path)
            let outcome = try Self.run(["serve", "franklin-la", "--port", "0", "--log", "serve.log"], in: root)
            let (status, stderr) = try #require(outcome, "serve --log started serving through the planted link")
            #expect(status == 74, "\(stderr)")
            #expect(
                stderr
                    == "serve.log: error: is a symbolic link to a file; give the file's own path (nothing was written) (--log)\n"
            )
            #expect(
                FileManager.default.contents(atPath: root.appendingPathComponent("id_ed25519.pub").path)
                    == Self.precious)
        }

        /// A dangling link is said to be one (it was called "a symbolic link to a file"), and
        /// nothing is created at its target.
        @Test func serveLogRefusesADanglingSymlink() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            let target = root.appendingPathComponent("nowhere/serve.log").path
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("serve.log").path, withDestinationPath: target)
            let outcome = try Self.run(["serve", "franklin-la", "--port", "0", "--log", "serve.log"], in: root)
            let (status, stderr) = try #require(outcome, "serve --log started serving through a dangling link")
            #expect(status == 74, "\(stderr)")
            #expect(stderr.hasPrefix("serve.log: error: is a symbolic link to nothing"), "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: target))
        }

        /// A link to a folder is said to be one, as a folder itself is (it was called "a symbolic
        /// link to a file").
        @Test func serveLogRefusesASymlinkToADirectory() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("serve.log").path, withDestinationPath: root.path)
            let outcome = try Self.run(["serve", "franklin-la", "--port", "0", "--log", "serve.log"], in: root)
            let (status, stderr) = try #require(outcome, "serve --log started serving through a link to a folder")
            #expect(status == 74, "\(stderr)")
            #expect(stderr == "serve.log: error: is a symbolic link to a directory (--log)\n", "\(stderr)")
        }

        /// Serves franklin-la in `root` with `--log log`, asks `/__locsim/health` `times` times
        /// (each answered 200), shuts the server down; its exit status and standard error.
        static func serveAskingHealth(log: String, in root: URL, times: Int) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = ["serve", "franklin-la", "--port", "0", "--log", log, "--ready-file", "ready.url"]
            process.currentDirectoryURL = root
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let ready = root.appendingPathComponent("ready.url").path
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(20_000) }
            let url = try #require(
                FileManager.default.contents(atPath: ready).map { String(decoding: $0, as: UTF8.self) })
            let port = try #require(Int(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
            for _ in 0..<times {
                let connection = try RawConnection(port: port)
                connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(connection.readResponse()?.status == 200)
            }
            let connection = try RawConnection(port: port)
            connection.send("POST /__locsim/shutdown HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
            _ = connection.readResponse()
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, stderr)
        }

        /// A `--log` the disk refuses (`/dev/full`) is said on the first failed line and makes
        /// the run exit 74 (every line was dropped silently and the run exited 0: an attack run).
        @Test func aLogTheDiskRefusesIsSaidAndExits74() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            let (status, stderr) = try Self.serveAskingHealth(log: "/dev/full", in: root, times: 3)
            #expect(status == 74, "\(stderr)")
            #expect(stderr.contains("/dev/full: error: No space left on device (--log); later lines are dropped\n"))
            #expect(stderr.hasSuffix("/dev/full: error: No space left on device (--log): the log is missing lines\n"))
        }

        /// A run that cannot bind its port leaves the last run's log alone (it was emptied first:
        /// an attack run); a run that listens replaces it with its own lines.
        @Test func theLogIsReplacedOnlyOnceTheServerListens() throws {
            let root = try Self.repository()
            defer { try? FileManager.default.removeItem(at: root) }
            let log = root.appendingPathComponent("serve.log")
            let last = Data("{\"last\":\"run\"}\n".utf8)
            try last.write(to: log)
            let busy = socket(AF_INET, Int32(SystemCall.streamSocket), 0)
            defer { close(busy) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(busy, $0, length) == 0 && listen(busy, 1) == 0 && getsockname(busy, $0, &length) == 0
                }
            }
            try #require(bound)
            let port = Int(UInt16(bigEndian: address.sin_port))
            let outcome = try Self.run(["serve", "franklin-la", "--port", "\(port)", "--log", "serve.log"], in: root)
            let (status, stderr) = try #require(outcome, "serve listened on a busy port")
            #expect(status == 69, "\(stderr)")
            #expect(FileManager.default.contents(atPath: log.path) == last)

            // A run that listens: the last run's line is gone, this run's are there.
            let listened = try Self.serveAskingHealth(log: "serve.log", in: root, times: 1)
            #expect(listened.status == 0, "\(listened.stderr)")
            let text = String(decoding: FileManager.default.contents(atPath: log.path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("\"last\""), "\(text)")
            #expect(text.contains("/__locsim/health"), "\(text)")
        }
    #endif
}
