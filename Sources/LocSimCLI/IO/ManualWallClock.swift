import LocSimSupport

/// A wall clock for tests: time moves only when a sleep or ``advance(by:)`` moves it, and every
/// sleep is recorded.
package final class ManualWallClock: WallClock {
    private struct State {
        var now: Duration
        var sleeps: [Duration] = []
    }

    private let state: Locked<State>

    package init(now: Duration = .zero) {
        state = Locked(State(now: now))
    }

    package func now() -> Duration {
        state.withLock { $0.now }
    }

    /// Records the sleep and moves time forward by it, without blocking.
    package func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        state.withLock {
            $0.now += duration
            $0.sleeps.append(duration)
        }
    }

    /// Moves time forward without a sleep, as work taking `duration` would.
    package func advance(by duration: Duration) {
        state.withLock { $0.now += duration }
    }

    /// Every positive sleep so far, in order.
    package var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }
}
