import LocSimSupport

/// Microseconds on the monotonic clock: request durations and deadlines (never wall time).
enum MonotonicTime {
    static func microseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1000
    }
}
