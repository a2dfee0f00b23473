import LocSimSupport

/// The process's monotonic clock; `sleep` blocks the thread with `nanosleep`.
package struct SystemWallClock: WallClock {
    private let origin: ContinuousClock.Instant

    /// A clock whose ``now()`` counts from the moment it is created.
    package init() {
        origin = ContinuousClock.now
    }

    package func now() -> Duration {
        ContinuousClock.now - origin
    }

    package func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR {
            request = remaining
        }
    }
}
