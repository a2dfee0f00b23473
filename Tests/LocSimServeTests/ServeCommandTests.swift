import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// `locsim serve` on the command line: its help, usage errors, and the built executable run as
/// a UI test would run it (first line, curl, signals).
@Suite struct ServeCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let helpGolden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/serve-help.txt")

    static func run(_ arguments: [String], environment: [String: String] = [:]) -> (ExitCode, String, String) {
        let stdout = MemoryOutput()
        let stderr = MemoryOutput()
        let context = CommandContext(
            stdout: stdout, stderr: stderr, environment: environment, currentDirectory: packageRoot.path,
            clock: ManualWallClock())
        let status = LocSim.run(arguments: arguments, context: context)
        return (status, stdout.text, stderr.text)
    }

    @Test func helpMatchesItsGolden() throws {
        let (status, stdout, stderr) = Self.run(["serve", "--help"])
        #expect(status == .success)
        #expect(stderr == "")
        if let problem = GoldenFile.problem(stdout, golden: Self.helpGolden, filter: "ServeCommandTests") {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(Self.run(["--help"]).1.contains("  serve "))
    }

    @Test(
        arguments: [
            (["serve", "--mode", "all"], "'--mode' requires '--record'."),
            (["serve", "--record"], "'--record' needs exactly one scenario or '--cassette <file>' to record into."),
            (["serve", "--port", "70000"], "a port number from 0 to 65535"),
        ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) {
        let (status, stdout, stderr) = Self.run(arguments)
        #expect(status == .usage)
        #expect(stdout == "")
        #expect(stderr.contains(message), "\(stderr)")
    }

    @Test func recordingIsRefusedUnderCI() {
        let (status, _, stderr) = Self.run(["serve", "franklin-la", "--record"], environment: ["CI": "true"])
        #expect(status == .usage)
        #expect(stderr.contains("'--record' is refused when CI is set"))
    }

    @Test func anUnknownScenarioIsRefusedBeforeListening() {
        let (status, stdout, stderr) = Self.run(["serve", "frankln-la"])
        #expect(status != .success)
        #expect(stdout == "")
        #expect(stderr.contains("franklin-la"), "a suggestion: \(stderr)")
    }

    #if os(Linux)
        /// The executable the package built beside this test bundle.
        static var executable: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locsim")
        }

        /// The script of docs/serve.md's iOS recipe: on its own (curl checks), and around a
        /// command standing in for `xcodebuild test`, which must see the URL in
        /// `TEST_RUNNER_LOCSIM_BASE_URL` and get the recorded answer from it.
        @Test(
            arguments: [
                ([], "serve-ui-test: ok\n"),
                (
                    [
                        "/bin/bash", "-c",
                        #"curl -sS "$TEST_RUNNER_LOCSIM_BASE_URL/aeris/advisories/franklin,la,us?client_id=a&client_secret=b" | grep -c 'COASTAL FLOOD ADVISORY' >/dev/null && echo xcodebuild-stand-in: ok"#,
                    ], "xcodebuild-stand-in: ok\n"
                ),
            ])
        func theUITestScriptPassesAgainstTheBuiltExecutable(command: [String], expected: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [Self.packageRoot.appendingPathComponent("scripts/serve-ui-test.sh").path] + command
            process.environment = ProcessInfo.processInfo.environment.merging(["LOCSIM": Self.executable.path]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            try #require(process.terminationStatus != 77, "curl is not installed, so the script cannot run: \(text)")
            #expect(process.terminationStatus == 0, "\(text)")
            #expect(text == expected)
        }

        @Test(arguments: [SIGTERM, SIGINT])
        func aSignalShutsTheServerDownAndExitsZero(signal: Int32) throws {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["serve", "franklin-la", "--port", "0"]
            process.currentDirectoryURL = Self.packageRoot
            let output = Pipe()
            // stderr goes to a file: reading a pipe to its end would wait for every other test's
            // child that inherited a copy of its write end.
            let logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
                "locsim-serve-signal-\(UUID().uuidString).log")
            #expect(FileManager.default.createFile(atPath: logURL.path, contents: nil))
            defer { try? FileManager.default.removeItem(at: logURL) }
            let errors = try FileHandle(forWritingTo: logURL)
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let line = Self.firstLine(output.fileHandleForReading)
            #expect(line.hasPrefix("listening on http://127.0.0.1:"))
            let port = try #require(Int(line.split(separator: ":").last ?? ""))
            let connection = try RawConnection(port: port)
            connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readResponse()?.status == 200)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
            try errors.close()
            let log = try String(contentsOf: logURL, encoding: .utf8)
            #expect(log.hasPrefix("GET /__locsim/health 200 admin "))
        }

        /// `locsim serve >&- 2>&-` (issue 24 item 9): the closed descriptors are reopened on
        /// /dev/null, so neither the listening socket nor a connection takes number 1 or 2 and
        /// receives the server's own lines; `--ready-file` names the URL for a script that has no
        /// standard output to read (and replaces a stale file from an earlier run).
        @Test func closedStandardOutputsAreReopenedAndTheReadyFileNamesTheURL() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-ready-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let ready = directory.appendingPathComponent("serve.url")
            try "http://127.0.0.1:1\n".write(to: ready, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", #"exec "$0" serve franklin-la --port 0 --ready-file "$1" >&- 2>&-"#, Self.executable.path,
                ready.path,
            ]
            process.currentDirectoryURL = Self.packageRoot
            try process.run()
            var url = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, process.isRunning {
                url = (try? String(contentsOf: ready, encoding: .utf8)) ?? ""
                if url.hasPrefix("http://127.0.0.1:"), url != "http://127.0.0.1:1\n" { break }
                usleep(20_000)
            }
            #expect(url.hasSuffix("\n"))
            let port = try #require(Int(url.dropLast().split(separator: ":").last ?? ""), "ready file: \(url)")
            let connection = try RawConnection(port: port)
            for _ in 0..<3 {
                connection.send(
                    "GET /aeris/advisories/franklin,la,us?client_id=a&client_secret=b HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = connection.readResponse()
                #expect(response?.status == 200)
                #expect(response?.body.contains("COASTAL FLOOD ADVISORY") == true)
            }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
            #expect(!FileManager.default.fileExists(atPath: ready.path), "the ready file outlived the server")
        }

        /// Reads up to the first newline, byte by byte (blocking reads; no polling).
        static func firstLine(_ handle: FileHandle) -> String {
            var bytes: [UInt8] = []
            while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != 10 { bytes.append(first) }
            return String(decoding: bytes, as: UTF8.self)
        }
    #endif
}
