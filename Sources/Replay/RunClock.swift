import AppServices
import Simulation

/// A replay's virtual clock and bus as its services see them. Work a service schedules runs on
/// the replay's scheduler, and what it posts is handed to the transcript at that instant.
///
/// `@unchecked Sendable`: the run is used only on the replay's own thread, where services run
/// (``ServiceExecutor``); `unowned` because the run outlives every service call it makes.
struct RunClock: ServiceClock, @unchecked Sendable {
    unowned let run: ReplayRun

    var now: Double { run.scheduler.now }

    func post(_ notification: BusNotification) {
        run.bus.post(notification)
    }

    func schedule(after delay: Double, _ body: @escaping @Sendable () -> Void) {
        let run = self.run
        run.scheduler.schedule(after: delay) { [unowned run] in
            body()
            run.drain()
        }
    }
}
