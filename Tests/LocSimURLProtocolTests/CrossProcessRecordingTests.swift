import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two test processes recording into one cassette (`LocSimURLSessionProbe --hold`, eight sessions
/// each), in each record mode: they are one run, so every interaction of both is kept, `once`
/// records in the second process too, and `all` does not drop the first process's recordings.
@Suite struct CrossProcessRecordingTests {
    /// A running `LocSimURLSessionProbe --hold`: told when to fetch, and when to exit.
    final class HeldProbe {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors: URL
        private var received = ""

        init(cassette: URL, urls: [String], mode: RecordMode, in fixture: Fixture) throws {
            process.executableURL = OneLinerRecordingTests.probe
            process.arguments = ["--hold", cassette.path] + urls
            process.environment = ProcessInfo.processInfo.environment
                .filter { $0.key != "CI" && !$0.key.hasPrefix("LOCSIM_") }
                .merging(["LOCSIM_RECORD": mode.rawValue]) { _, new in new }
            errors = fixture.url("probe-\(UUID().uuidString).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardInput = input
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        /// Reads stdout until the line `marker`; `false` when the probe ended first.
        func wait(for marker: String) -> Bool {
            while !received.split(separator: "\n").contains(Substring(marker)) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return false }
                received += String(decoding: chunk, as: UTF8.self)
            }
            return true
        }

        func go() {
            input.fileHandleForWriting.write(Data("go\n".utf8))
        }

        /// Ends stdin, waits for the exit; the exit status and stderr.
        func end() -> (status: Int32, stderr: String) {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return (
                process.terminationStatus,
                String(decoding: FileManager.default.contents(atPath: errors.path) ?? Data(), as: UTF8.self)
            )
        }
    }

    /// `staggered`: the second process starts after the first has recorded and written (it is
    /// still alive); else both fetch at the same time.
    @Test(arguments: ParallelRecordingTests.recordModes, [true, false])
    func twoProcessesAreOneRun(mode: RecordMode, staggered: Bool) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try ParallelRecordingTests.server()
        defer { server.stop() }
        let base = server.baseURL
        let first = (0..<8).map { base + "/first/\($0)" }
        let second = (0..<8).map { base + "/second/\($0)" }
        let cassette = fixture.url("Cassettes/shared.json")
        if mode == .all {
            // From before the run: re-recorded by the first process, and one nothing asks for.
            try fixture.write(
                Cassette(interactions: [
                    ParallelRecordingTests.old(first[0]), ParallelRecordingTests.old(base + "/kept"),
                ]),
                to: "Cassettes/shared.json")
        }

        let one = try HeldProbe(cassette: cassette, urls: first, mode: mode, in: fixture)
        var two: HeldProbe?
        defer {
            // Never leave a probe behind, whatever failed.
            for probe in [one, two].compactMap({ $0 }) where probe.process.isRunning { _ = probe.end() }
        }
        #expect(one.wait(for: "ready"))
        if staggered {
            one.go()
            #expect(one.wait(for: "done"))
            two = try HeldProbe(cassette: cassette, urls: second, mode: mode, in: fixture)
            #expect(two!.wait(for: "ready"))
            two!.go()
        } else {
            two = try HeldProbe(cassette: cassette, urls: second, mode: mode, in: fixture)
            #expect(two!.wait(for: "ready"))
            one.go()
            two!.go()
            #expect(one.wait(for: "done"))
        }
        #expect(two!.wait(for: "done"))
        let (a, b) = (one.end(), two!.end())
        #expect(a.status == 0, "\(a.stderr)")
        #expect(b.status == 0, "\(b.stderr)")

        let stored = try CassetteStore.load(cassette.path).interactions.map(\.request.url)
        #expect(stored.sorted() == (first + second + (mode == .all ? [base + "/kept"] : [])).sorted())
        #expect(server.requests.count == 16)

        // The next run replays both processes' recordings offline.
        server.stop()
        for url in [first[0], second[7]] {
            let replay = try OneLinerRecordingTests.runProbe(
                cassette: cassette, url: url, environment: [:], in: fixture)
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.stdout.contains(URLParts(url).path))
        }
    }

    #if os(Linux)  // the command is read from /proc (docs/platforms.md)
        /// `swift test` runs XCTest's tests, then Swift Testing's, in two processes one after the
        /// other: one run, so with `once` and no cassette the second records too (it replayed
        /// strictly and missed, found by a probe). A process another launcher starts (here through a
        /// shell) is a new run, which finds a recording and replays strictly.
        @Test func processesOneLauncherStartsInTurnAreOneRun() throws {
            let fixture = try Fixture()
            defer { fixture.remove() }
            let server = try ParallelRecordingTests.server()
            defer { server.stop() }
            let cassette = fixture.url("Cassettes/shared.json")
            let once = ["LOCSIM_RECORD": "once"]
            for name in ["xctest", "swift-testing"] {
                let run = try OneLinerRecordingTests.runProbe(
                    cassette: cassette, url: server.baseURL + "/" + name, environment: once, in: fixture)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(!run.stdout.contains("error:"), "\(run.stdout)")
            }
            let stored = try CassetteStore.load(cassette.path).interactions.map(\.request.url)
            #expect(stored == [server.baseURL + "/xctest", server.baseURL + "/swift-testing"])

            // Through `sh` (its parent is the shell, not this process): the next run.
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = [
                "-c", #""$@"; status=$?; exit $status"#, "sh", OneLinerRecordingTests.probe.path, cassette.path,
                server.baseURL + "/later",
            ]
            shell.environment = ProcessInfo.processInfo.environment
                .filter { $0.key != "CI" && !$0.key.hasPrefix("LOCSIM_") }.merging(once) { _, new in new }
            let errors = Pipe()
            shell.standardOutput = FileHandle.nullDevice
            shell.standardError = errors
            try shell.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(shell.terminationStatus != 0)
            #expect(text.contains("no recorded interaction answers GET \(server.baseURL)/later"), "\(text)")
            #expect(server.requests.count == 2)
            #expect(try CassetteStore.load(cassette.path).interactions.count == 2)
        }
    #endif
}
