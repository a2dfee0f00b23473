import Foundation
import LocSimTesting

/// A fake `xcrun` on `PATH` for tests: a shell script that appends one line per call to a log,
/// `<seconds since 1970> x<hex of argument 1> x<hex of argument 2>…` (each argument's bytes as
/// they arrived, so spaces, quotes and newlines in one are kept), and what it reads on stdin
/// when the last argument is `-`. `exitStatus` makes every call fail with that status;
/// `failingAfter` lets that many calls succeed and fails the next ones with ``limitStatus``. The
/// clock and the encoding are Perl's (`Time::HiRes`, `unpack`: in the base system of macOS and
/// Debian alike), not GNU `date +%s.%N`, which BSD `date` lacks.
struct FakeXcrun {
    /// The status of a call past `failingAfter`.
    static let limitStatus: Int32 = 97

    let directory: String
    var bin: String { directory + "/bin" }
    var log: String { directory + "/xcrun.log" }

    init(exitStatus: Int32 = 0, failingAfter limit: Int? = nil) throws {
        let directory = try ExportRun.temporaryDirectory()
        self.directory = directory
        try removingIfThrows(URL(fileURLWithPath: directory)) {
            try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        }
        let limitCheck =
            limit.map { limit in
                """
                if [ "$(wc -l < '\(directory)/xcrun.log')" -gt \(limit) ]; then echo "xcrun: call limit" >&2; exit \(Self.limitStatus); fi

                """
            } ?? ""
        let script = """
            #!/bin/sh
            perl -MTime::HiRes=time -e 'printf "%.6f", time; printf " x%s", unpack("H*", $_) for @ARGV; print "\\n"' -- "$@" >> '\(directory)/xcrun.log'
            \(limitCheck)last=""
            for argument in "$@"; do last="$argument"; done
            if [ "$last" = "-" ]; then cat >> '\(directory)/xcrun.stdin'; fi
            if [ \(exitStatus) -ne 0 ]; then echo "xcrun: simulated failure" >&2; fi
            exit \(exitStatus)

            """
        FileManager.default.createFile(
            atPath: bin + "/xcrun", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// Forgets the calls logged so far.
    func clearLog() { try? FileManager.default.removeItem(atPath: log) }

    /// The logged calls: when (seconds since 1970) and the arguments, byte for byte.
    func calls() -> [(time: Double, arguments: [String])] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let words = line.split(separator: " ")
            return (Double(words[0]) ?? 0, words.dropFirst().map { Self.decode($0.dropFirst()) })
        }
    }

    /// The bytes `hex` spells, as UTF-8.
    static func decode(_ hex: Substring) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the calls read on stdin.
    var stdin: String { (try? String(contentsOfFile: directory + "/xcrun.stdin", encoding: .utf8)) ?? "" }

    /// `PATH` with the fake first.
    var path: String { bin + ":/usr/bin:/bin" }

    /// Runs `/bin/sh script` with `environment` added, in `directory` when given; returns the
    /// status and stderr.
    static func sh(
        _ script: String, environment: [String: String], in directory: String? = nil
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script]
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
