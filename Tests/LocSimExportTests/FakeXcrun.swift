import Foundation

/// A fake `xcrun` on `PATH` for tests: a shell script that appends one line per call to a log,
/// `<seconds since 1970> <argv…>`, and what it reads on stdin when the last argument is `-`.
/// `exitStatus` makes every call fail with that status. The clock is Perl's `Time::HiRes` (in
/// the base system of macOS and Debian alike), not GNU `date +%s.%N`, which BSD `date` lacks.
struct FakeXcrun {
    let directory: String
    var bin: String { directory + "/bin" }
    var log: String { directory + "/xcrun.log" }

    init(exitStatus: Int32 = 0) throws {
        directory = try ExportRun.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            line="$(perl -MTime::HiRes=time -e 'printf "%.6f", time')"
            for argument in "$@"; do line="$line $argument"; done
            printf '%s\\n' "$line" >> '\(directory)/xcrun.log'
            last=""
            for argument in "$@"; do last="$argument"; done
            if [ "$last" = "-" ]; then cat >> '\(directory)/xcrun.stdin'; fi
            if [ \(exitStatus) -ne 0 ]; then echo "xcrun: simulated failure" >&2; fi
            exit \(exitStatus)

            """
        FileManager.default.createFile(
            atPath: bin + "/xcrun", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The logged calls: when (seconds since 1970) and the arguments.
    func calls() -> [(time: Double, arguments: [String])] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let words = line.split(separator: " ").map(String.init)
            return (Double(words[0]) ?? 0, Array(words.dropFirst()))
        }
    }

    /// What the calls read on stdin.
    var stdin: String { (try? String(contentsOfFile: directory + "/xcrun.stdin", encoding: .utf8)) ?? "" }

    /// `PATH` with the fake first.
    var path: String { bin + ":/usr/bin:/bin" }

    /// Runs `/bin/sh script` with `environment` added; returns the status and stderr.
    static func sh(_ script: String, environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script]
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
