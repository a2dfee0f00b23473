import Foundation
import Testing

#if os(Linux)
    /// A signal sent the moment a client has read `listening on …` shuts the server down: it is
    /// never lost, even when the process starts with SIGINT and SIGTERM blocked (as a child
    /// spawned from a dispatch thread does — every test's child here). Before
    /// ``TerminationSignals`` it was lost about once in six, and the server ran on.
    @Suite struct ServeSignalRaceTests {
        @Test func aSignalRightAfterTheListeningLineIsNeverLost() throws {
            for round in 0..<12 {
                let process = Process()
                process.executableURL = ServeCommandTests.executable
                process.arguments = ["serve", "franklin-la", "--port", "0"]
                process.currentDirectoryURL = ServeCommandTests.packageRoot
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                let line = ServeCommandTests.firstLine(output.fileHandleForReading)
                #expect(line.hasPrefix("listening on http://127.0.0.1:"))
                kill(process.processIdentifier, round.isMultiple(of: 2) ? SIGTERM : SIGINT)
                let exited = DispatchSemaphore(value: 0)
                process.terminationHandler = { _ in exited.signal() }
                if process.isRunning, exited.wait(timeout: .now() + 20) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    Issue.record("round \(round): the signal was lost; the server was still running after 20 s")
                    continue
                }
                process.waitUntilExit()
                #expect(process.terminationReason == .exit)
                #expect(process.terminationStatus == 0)
            }
        }
    }
#endif
