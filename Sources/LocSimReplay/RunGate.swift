import Foundation
import LocSimSimulation
import LocSimSupport

/// The one way into a running replay from its services' code, from any thread.
///
/// On the replay's own thread (where services' `handle` runs) work reaches the run at once.
/// From another thread (a `Task.detached`, a dispatch queue, a URLSession callback) it is queued
/// and the run does it on its own thread at its next step (``ReplayRun/drain()``), stamped with
/// the virtual instant then. After the run has ended (``close()``) the run is gone: the work is
/// dropped and `report` is told, once per piece of work, instead of touching freed state.
final class RunGate: Sendable {
    /// What the lock guards: the run (weak: a service's task may outlive it), whether it still
    /// takes work, the work queued from other threads, and the last instant it published.
    /// `@unchecked Sendable`: it lives inside `state`'s lock, and the run it holds is used only on
    /// the run's own thread.
    private struct State: @unchecked Sendable {
        weak var run: ReplayRun?
        var isOpen = true
        var inbox: [Work] = []
        var now = 0.0
    }

    /// One piece of work for the run, and what to call it if it comes too late.
    private struct Work {
        let label: String
        let body: @Sendable (ReplayRun) -> Void
    }

    private let state: Locked<State>
    /// The run's thread, the one that created the gate. Its identity cannot be reused while the
    /// gate is open: the thread is alive, running the run.
    private let owner: ObjectIdentifier
    private let report: @Sendable (String) -> Void

    /// A gate to `run`, on the calling thread; `report` hears about work that came too late.
    init(run: ReplayRun, report: @escaping @Sendable (String) -> Void) {
        state = Locked(State())
        owner = ObjectIdentifier(Thread.current)
        self.report = report
        state.withLock { $0.run = run }
    }

    /// Whether the caller is on the run's thread.
    private var isOnRunThread: Bool { ObjectIdentifier(Thread.current) == owner }

    /// The virtual instant: the scheduler's on the run's thread, elsewhere the last one the run
    /// published (at its last step).
    var now: Double {
        if isOnRunThread, let run = state.withLock({ $0.isOpen ? $0.run : nil }) { return run.scheduler.now }
        return state.withLock { $0.now }
    }

    /// Runs `body` with the run: now on the run's thread, at the run's next step from another
    /// thread; dropped and reported (as `label`) once the run has ended.
    func perform(_ label: String, _ body: @escaping @Sendable (ReplayRun) -> Void) {
        if isOnRunThread {
            if let run = state.withLock({ $0.isOpen ? $0.run : nil }) {
                body(run)
                return
            }
        } else {
            let queued = state.withLock { state in
                guard state.isOpen else { return false }
                state.inbox.append(Work(label: label, body: body))
                return true
            }
            if queued { return }
        }
        report(Self.lateMessage(label))
    }

    /// On the run's thread: does the work queued from other threads, in arrival order, and
    /// publishes `now` for readers on other threads.
    func runInbox(_ run: ReplayRun) {
        let work = state.withLock { state in
            state.now = run.scheduler.now
            let taken = state.inbox
            state.inbox = []
            return taken
        }
        for item in work { item.body(run) }
    }

    /// Ends the run's intake: later work is dropped and reported, and so is any still queued.
    func close() {
        let dropped = state.withLock { state in
            state.isOpen = false
            state.run = nil
            let taken = state.inbox
            state.inbox = []
            return taken
        }
        for item in dropped { report(Self.lateMessage(item.label)) }
    }

    static func lateMessage(_ label: String) -> String {
        "warning: \(label) came after the replay ended; it was dropped "
            + "(a service's work must finish before its handle returns, or at least before the run ends)"
    }
}
