import LocSimAppServices
import LocSimSimulation

/// A replay's virtual clock and bus as its services see them. Work a service schedules runs on
/// the replay's scheduler, and what it posts is handed to the transcript at that instant.
///
/// Every call goes through the run's ``RunGate``: at once on the replay's thread, queued for
/// the run's next step from another thread, dropped with a warning after the run has ended.
struct RunClock: ServiceClock {
    let gate: RunGate

    var now: Double { gate.now }

    func post(_ notification: BusNotification) {
        gate.perform("a post of '\(notification.name.rawValue)'") { run in
            run.bus.post(notification)
        }
    }

    func schedule(after delay: Double, _ body: @escaping @Sendable () -> Void) {
        gate.perform("work scheduled after \(delay) s") { run in
            // Unowned: the scheduler belongs to the run, so its work never outlives it.
            run.scheduler.schedule(after: delay) { [unowned run] in
                body()
                run.drain()
            }
        }
    }
}
