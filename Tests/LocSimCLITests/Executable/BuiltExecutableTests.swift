#if os(Linux)
    import Foundation
    import LocSimHTTPRecording
    import LocSimTesting
    import Testing

    /// The `locsim` executable as built (statically linked Swift runtime, libcurl loaded on first
    /// use by `LocSimLazyCurl`), run as a child process: what the in-process CLI tests cannot see.
    @Suite struct BuiltExecutableTests {
        /// The executable the package built beside this test bundle.
        static var executable: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locsim")
        }

        static let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// A fresh directory for one test's files.
        static func temporaryDirectory() throws -> URL {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-exe-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return directory
        }

        /// Waits (at most 60 s) until `process` has `path` open (a link in `/proc/PID/fd`).
        static func waitUntil(_ process: Process, opens path: String) -> Bool {
            let folder = "/proc/\(process.processIdentifier)/fd"
            for _ in 0..<6000 where process.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                if names.contains(where: {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
                }) {
                    return true
                }
                usleep(10_000)
            }
            return false
        }

        /// An offline replay reads its GPX from a FIFO; once it has opened the FIFO (all set-up
        /// done) its mappings must not include libcurl or the TLS libraries behind it.
        @Test func anOfflineReplayNeverLoadsLibcurl() throws {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let fifo = directory.appendingPathComponent("track.gpx").path
            #expect(mkfifo(fifo, 0o600) == 0)
            // The writer is there before locsim opens the FIFO (one nobody writes to is refused).
            let writer = open(fifo, O_RDWR)
            #expect(writer >= 0)

            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["replay", fifo, "--format", "jsonl"]
            process.currentDirectoryURL = Self.packageRoot
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            #expect(Self.waitUntil(process, opens: fifo), "locsim never opened \(fifo)")
            // Read to the end: /proc files report size 0, so a sized read would stop early.
            let mapsFile = try #require(FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps"))
            let maps = String(decoding: mapsFile.readDataToEndOfFile(), as: UTF8.self)
            mapsFile.closeFile()
            #expect(maps.contains("libxml2"))
            #expect(!maps.contains("libcurl"))
            #expect(!maps.contains("libcrypto"))

            let gpx = Array(
                try String(
                    contentsOf: Self.packageRoot.appendingPathComponent("Waypoints/franklin-la.gpx"), encoding: .utf8
                )
                .utf8)
            #expect(gpx.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == gpx.count)
            close(writer)
            let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(transcript.contains(#""city":"Franklin""#))
        }

        /// `--live --record` against a loopback server: the request goes through the lazily
        /// loaded libcurl (its variadic setopt forwarders included) and is recorded.
        @Test func aLiveRequestGoesThroughTheLazilyLoadedLibcurl() throws {
            let body = #"{"success":true,"error":null,"response":[]}"#
            let server = try LoopbackHTTPServer { _ in
                .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
            }
            defer { server.stop() }
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let cassette = directory.appendingPathComponent("cassette.json").path

            let process = Process()
            process.executableURL = Self.executable
            process.arguments = [
                "replay", "Waypoints/franklin-la.gpx", "--format", "jsonl", "--live", "--providers", "aeris",
                "--base-url", "aeris=\(server.baseURL)", "--record", cassette,
            ]
            process.currentDirectoryURL = Self.packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil  // with CI set nothing would reach the network
            environment["AERIS_CLIENT_ID"] = "test-id"
            environment["AERIS_CLIENT_SECRET"] = "test-secret"
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()

            #expect(process.terminationStatus == 0)
            #expect(transcript.contains(#""event":"no_advisory""#))
            #expect(server.requests.map(\.url).contains { $0.contains("/advisories/franklin,la,us") })
            let recorded = try String(contentsOfFile: cassette, encoding: .utf8)
            #expect(recorded.contains("/advisories/franklin,la,us"))
            #expect(!recorded.contains("test-secret"))
        }

        /// `--http-timeout` reaches the live client: a provider that never answers is a
        /// `timed_out` event at the deadline, and the run goes on.
        @Test func httpTimeoutBoundsAProviderThatNeverAnswers() throws {
            let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200), delay: .seconds(60)) }
            defer { server.stop() }
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = [
                "replay", "Waypoints/franklin-la.gpx", "--format", "jsonl", "--live", "--providers", "aeris",
                "--base-url", "aeris=\(server.baseURL)", "--http-timeout", "0.5",
            ]
            process.currentDirectoryURL = Self.packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(
                transcript.contains(
                    #"{"code":"timed_out","event":"provider_error","message":"127.0.0.1: no complete response within 0.5 s""#
                ))
        }

        /// Waiting on a server that never answers costs (almost) no CPU: `locsim bench
        /// --http-wait 2` measures its own user + system time over the wait (the URLSession
        /// client this replaced spent 4.2 s of CPU in a 5 s wait on this toolchain).
        @Test func anIdleHTTPWaitCostsNoCPU() throws {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["bench", "--http-wait", "2"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let cpu = try #require(
                text.split(separator: " s CPU").first?.split(separator: " ").last.flatMap { Double($0) })
            #expect(cpu < 0.2, "\(text)")
            #expect(text.contains("timedOut"))
        }

        /// SIGINT or SIGTERM in the middle of `locsim record` (a provider is still answering)
        /// removes the staging folder: the scenario's folder is left exactly as it was.
        @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
        func anInterruptedRecordLeavesNoTemporaryFile(signal: Int32, status: Int32) throws {
            let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200), delay: .seconds(30)) }
            defer { server.stop() }
            let root = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.copyItem(
                at: Self.packageRoot.appendingPathComponent("Waypoints"), to: root.appendingPathComponent("Waypoints"))
            let folder = root.appendingPathComponent("Recordings/lf")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"version": 1, "track": "Waypoints/franklin-la.gpx", "providers": ["aeris"]}"#.utf8).write(
                to: folder.appendingPathComponent("scenario.json"))

            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["record", "lf", "--base-url", "aeris=\(server.baseURL)"]
            process.currentDirectoryURL = root
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let staging = folder.appendingPathComponent(".locsim-record-\(process.processIdentifier)").path
            var waited = 0
            while (server.requests.isEmpty || !FileManager.default.fileExists(atPath: staging)) && waited < 1000 {
                usleep(10_000)
                waited += 1
            }
            #expect(FileManager.default.fileExists(atPath: staging))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == status)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scenario.json"])
        }
    }
#endif
