#if os(Linux)
    import Foundation
    import LocSimTesting
    import Testing

    /// issue 34 item 13: a FIFO no process writes to, given as any input (a GPX to `validate`,
    /// `replay` or `export`, a `--cassette`, a HAR to import), is refused at once (66) naming the
    /// path; the old reader waited in `open` forever. Each run is the built executable under
    /// `timeout`, so a regression fails (status 124) instead of hanging the suite.
    @Suite struct FIFOInputTests {
        /// `locsim ARGUMENTS` in `directory` with at most 20 s; its status and stderr.
        static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["20", BuiltExecutableTests.executable.path] + arguments
            process.currentDirectoryURL = directory
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        /// A folder holding `pipe.gpx`, `pipe.json` and `pipe.har` (FIFOs) and `track.gpx`.
        static func folder() throws -> URL {
            let directory = try BuiltExecutableTests.temporaryDirectory()
            return try removingIfThrows(directory) {
                for name in ["pipe.gpx", "pipe.json", "pipe.har"] {
                    #expect(mkfifo(directory.appendingPathComponent(name).path, 0o600) == 0)
                }
                try FileManager.default.copyItem(
                    at: BuiltExecutableTests.packageRoot.appendingPathComponent("Waypoints/franklin-la.gpx"),
                    to: directory.appendingPathComponent("track.gpx"))
                return directory
            }
        }

        @Test func aGPXFIFOWithNoWriterIsRefusedAtOnce() throws {
            let directory = try Self.folder()
            defer { try? FileManager.default.removeItem(at: directory) }
            let refusal = "pipe.gpx: error: no process writes to this FIFO (nothing was read)\n"
            let validate = try Self.run(["validate", "pipe.gpx"], in: directory)
            #expect(validate.status == 66, "\(validate.stderr)")
            #expect(validate.stderr == refusal + "pipe.gpx: 1 error\n")
            let replay = try Self.run(["replay", "pipe.gpx", "--geocoder", "none"], in: directory)
            #expect(replay.status == 66, "\(replay.stderr)")
            #expect(replay.stderr == refusal)
            let export = try Self.run(["export", "pipe.gpx", "--to", "geojson", "-o", "out.geojson"], in: directory)
            #expect(export.status == 66, "\(export.stderr)")
            #expect(export.stderr.hasPrefix(refusal), "\(export.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.geojson").path))
        }

        @Test func aCassetteOrHARFIFOIsRefusedAtOnce() throws {
            let directory = try Self.folder()
            defer { try? FileManager.default.removeItem(at: directory) }
            let replay = try Self.run(
                ["replay", "track.gpx", "--geocoder", "none", "--cassette", "pipe.json"], in: directory)
            #expect(replay.status == 66, "\(replay.stderr)")
            #expect(replay.stderr.contains("pipe.json: error: is a FIFO, not a regular file"), "\(replay.stderr)")
            let imported = try Self.run(["cassettes", "import", "pipe.har", "-o", "out.json"], in: directory)
            #expect(imported.status == 66, "\(imported.stderr)")
            #expect(imported.stderr.hasPrefix("pipe.har: error: is a FIFO, not a regular file"), "\(imported.stderr)")
            let exported = try Self.run(["cassettes", "export", "pipe.json", "--to", "har"], in: directory)
            #expect(exported.status == 66, "\(exported.stderr)")
            #expect(exported.stderr.hasPrefix("pipe.json: error: is a FIFO, not a regular file"), "\(exported.stderr)")
        }

        /// A FIFO whose writer is there but slow is waited on and read to its end.
        @Test func aGPXFIFOWithASlowWriterIsRead() throws {
            let directory = try Self.folder()
            defer { try? FileManager.default.removeItem(at: directory) }
            let fifo = directory.appendingPathComponent("pipe.gpx").path
            let writer = open(fifo, O_RDWR)
            #expect(writer >= 0)
            let track = Array(try Data(contentsOf: directory.appendingPathComponent("track.gpx")))
            let feeder = Thread {
                usleep(300_000)
                _ = track.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                close(writer)
            }
            feeder.start()
            let validate = try Self.run(["validate", "pipe.gpx"], in: directory)
            #expect(validate.status == 0, "\(validate.stderr)")
        }
    }
#endif
