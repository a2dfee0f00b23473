import Foundation
import LocSimSupport

/// Runs a program with stdout sent to /dev/null and reports its wall time, CPU time and peak
/// resident memory (`ru_maxrss` from `wait4`), so a benchmark measures a whole `locsim` process.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// User plus system time of the process, all threads.
        var cpuSeconds: Double
        /// Peak resident set size in bytes.
        var peakResidentBytes: Int
    }

    /// The running executable's path (`/proc/self/exe` on Linux, argv[0] elsewhere).
    static var currentExecutable: String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return CommandLine.arguments[0]
    }

    /// `taskset -c N`, N the first CPU this process may run on, to confine a child to one core;
    /// `nil` where that is not available (not Linux, no `taskset`).
    static var oneCorePrefix: [String]? {
        #if os(Linux)
            guard access("/usr/bin/taskset", X_OK) == 0,
                let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }),
                let first = line.dropFirst("Cpus_allowed_list:".count).split(whereSeparator: { !$0.isNumber }).first
            else { return nil }
            return ["/usr/bin/taskset", "-c", String(first)]
        #else
            return nil
        #endif
    }

    /// Runs `arguments[0]` (looked up on PATH) with `arguments`; `nil` when it cannot start.
    static func run(_ arguments: [String], clock: any WallClock) -> Outcome? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = clock.now()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let seconds = (clock.now() - start).inSeconds
        func timeSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let cpuSeconds = timeSeconds(usage.ru_utime) + timeSeconds(usage.ru_stime)
        #if os(Linux)
            let peak = Int(usage.ru_maxrss) * 1024
        #else
            let peak = Int(usage.ru_maxrss)
        #endif
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitStatus, seconds: seconds, cpuSeconds: cpuSeconds, peakResidentBytes: peak)
    }

}
