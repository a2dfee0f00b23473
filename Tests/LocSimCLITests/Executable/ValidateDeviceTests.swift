#if os(Linux)
    import Foundation
    import Testing

    /// issue 24 item 6: `validate /dev/zero` grew without bound (5 GB in 5 s) while `replay`
    /// refused it at once. Run as a child process under a memory and time limit, so a regression
    /// fails instead of taking the machine down.
    @Suite struct ValidateDeviceTests {
        /// `locsim ARGUMENTS` with at most 2 GiB of address space and 30 s; its status and stderr.
        static func runLimited(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let command = ([BuiltExecutableTests.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-c", "ulimit -v 2097152; exec timeout 30 \(command)"]
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        @Test func validateRefusesAnEndlessDeviceAsEarlyAsReplay() throws {
            let validate = try Self.runLimited(["validate", "/dev/zero"])
            let replay = try Self.runLimited(["replay", "/dev/zero"])
            #expect(validate.status == 65, "\(validate.stderr)")
            #expect(replay.status == 65, "\(replay.stderr)")
            let firstLine = { (text: String) in text.split(separator: "\n").first.map(String.init) ?? "" }
            #expect(firstLine(validate.stderr) == firstLine(replay.stderr))
            #expect(firstLine(validate.stderr).hasPrefix("/dev/zero:"))
        }
    }
#endif
