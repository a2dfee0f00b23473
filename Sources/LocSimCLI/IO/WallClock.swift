/// The real passage of time, as `--realtime` playback paces against it.
///
/// Only the CLI uses a wall clock; the simulation runs on virtual time. Use ``SystemWallClock``
/// in the process and ``ManualWallClock`` in tests.
package protocol WallClock: Sendable {
    /// Monotonic time elapsed since a fixed, arbitrary origin.
    func now() -> Duration
    /// Blocks the calling thread for `duration` (returns at once when it is not positive).
    func sleep(for duration: Duration)
}
