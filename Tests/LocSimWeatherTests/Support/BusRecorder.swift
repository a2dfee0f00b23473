import LocSimSimulation
import LocSimSupport

/// Records every notification posted on a bus, in order.
final class BusRecorder: Sendable {
    // Guards the recorded list.
    private let recorded = Locked<[BusNotification]>([])

    init(_ bus: NotificationBus) {
        bus.addObserver(for: nil) { [weak self] notification in
            self?.recorded.withLock { $0.append(notification) }
        }
    }

    var notifications: [BusNotification] { recorded.withLock { $0 } }

    /// The notifications other than `LOCATION_AVAILABLE` (what the services posted).
    var posted: [BusNotification] { notifications.filter { $0.name != .locationAvailable } }
}
