/// `--realtime [--rate X]`: holds each event back until the wall clock has caught up with its
/// virtual time divided by the rate. The only place locsim sleeps.
final class RealtimePacer {
    private let clock: any WallClock
    private let rate: Double
    private let start: Duration

    init(clock: any WallClock, rate: Double) {
        self.clock = clock
        self.rate = rate
        self.start = clock.now()
    }

    /// Sleeps until `t / rate` seconds have passed since the pacer started.
    func wait(until t: Double) {
        let due = start + .nanoseconds(Int64((t / rate * 1e9).rounded()))
        let now = clock.now()
        if due > now { clock.sleep(for: due - now) }
    }
}
