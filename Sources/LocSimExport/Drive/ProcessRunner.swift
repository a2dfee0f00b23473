import Foundation

/// Runs external programs: the seam through which `replay --drive simctl` calls `xcrun`, so
/// tests put a fake `xcrun` on `PATH` or replace the runner altogether.
package protocol ProcessRunner: Sendable {
    /// The path of `program` found on `PATH`, or `nil`.
    func locate(_ program: String) -> String?
    /// Runs `executable` with `arguments` to completion.
    func run(_ executable: String, _ arguments: [String]) -> ProcessOutcome
}

/// How a program run ended.
package struct ProcessOutcome: Sendable, Hashable {
    package init(status: Int32, stderr: String) {
        self.status = status
        self.stderr = stderr
    }

    /// The exit status (128 + signal when killed; -1 when it could not start).
    package var status: Int32
    /// What it wrote on stderr.
    package var stderr: String
}

/// Runs programs for real, looking them up on the `PATH` of `environment` (the command's, not
/// necessarily the process's), with stdout discarded and stderr captured.
package struct SystemProcessRunner: ProcessRunner {
    package let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    package func locate(_ program: String) -> String? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return directories.map { ($0.isEmpty ? "." : $0) + "/" + program }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    package func run(_ executable: String, _ arguments: [String]) -> ProcessOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return ProcessOutcome(status: -1, stderr: "cannot run \(executable): \(error.localizedDescription)")
        }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessOutcome(status: status, stderr: String(decoding: data, as: UTF8.self))
    }
}
