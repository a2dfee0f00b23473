import LocSimLocationCore
public import LocSimSupport

/// A `CLMonitor`-shaped monitor of circular conditions on a ``SimulatedDevice``
/// (``SimulatedDevice/monitor(named:)``). Rules, as CLMonitor's:
/// - a condition's state is ``MonitorState/unknown`` when it is added and is determined at the
///   next fix: one ``MonitorEvent`` with `satisfied` or `unsatisfied`; later events are crossings
///   (locsim's region model: beyond the boundary by 100 m for 20 s);
/// - adding a condition under an identifier in use replaces it (its state is unknown again);
/// - at most ``conditionLimit`` conditions; one monitor per name on a device at a time.
///
/// ``events`` is a sequence each of whose iterators gets every event from the first (pulling
/// plays the track, as ``LocationUpdates`` does). Dropping the monitor frees its name and ends
/// its event sequences.
public final class DeviceMonitor: Sendable {
    /// CoreLocation's limit of monitored conditions.
    public static let conditionLimit = RegionMonitor.limit

    /// The name it was made with.
    public let name: String
    let state: DeviceState

    init(name: String, state: DeviceState) {
        self.name = name
        self.state = state
    }

    deinit {
        let name = self.name
        state.withDrive { $0.monitors[name] = nil }
    }

    /// `add(_:identifier:)`: watches `condition` under `identifier`, replacing one already there.
    /// - Throws: ``SimulatedDeviceError`` for a non-finite centre or a radius that is not > 0,
    ///   or a new identifier beyond ``conditionLimit``.
    public func add(_ condition: CircularCondition, identifier: String) throws(SimulatedDeviceError) {
        let (center, radius) = (condition.center, condition.radius)
        guard center.latitude.isFinite, center.longitude.isFinite, abs(center.latitude) <= 90,
            abs(center.longitude) <= 180, radius.isFinite, radius > 0
        else {
            throw SimulatedDeviceError(
                .invalidCondition,
                "condition '\(identifier)': centre \(center.latitude), \(center.longitude) radius \(radius) "
                    + "is not a coordinate with a radius > 0")
        }
        let name = self.name
        let added = state.withDrive { drive in
            guard let log = drive.monitors[name] else { return true }
            guard log.condition(identifier) != nil || log.count < Self.conditionLimit else { return false }
            drive.monitors[name]!.add(condition, identifier: identifier)
            return true
        }
        guard added else {
            throw SimulatedDeviceError(
                .tooManyConditions,
                "monitor '\(name)' already watches \(Self.conditionLimit) conditions; remove one before adding '\(identifier)'"
            )
        }
    }

    /// `remove(_:)`: stops watching `identifier` (no event).
    public func remove(_ identifier: String) {
        let name = self.name
        state.withDrive { _ = $0.monitors[name]?.remove(identifier) }
    }

    /// `identifiers`, in the order they were added.
    public var identifiers: [String] {
        let name = self.name
        return state.withDrive { $0.monitors[name]?.identifiers ?? [] }
    }

    /// `record(for:)`: the condition and its last known state.
    public func record(for identifier: String) -> (condition: CircularCondition, state: MonitorState)? {
        let name = self.name
        return state.withDrive { drive in
            guard let log = drive.monitors[name], let condition = log.condition(identifier) else { return nil }
            return (condition, log.states[identifier] ?? .unknown)
        }
    }

    /// `events`: every state change, in order.
    public var events: Events { Events(name: name, state: state) }

    /// The monitor's events as an `AsyncSequence`.
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = MonitorEvent
        public typealias Failure = Never

        let name: String
        let state: DeviceState

        public func makeAsyncIterator() -> Iterator { Iterator(name: name, state: state) }

        /// Reads the events in order from the first; ends when the drive ends or the monitor is dropped.
        public struct Iterator: AsyncIteratorProtocol {
            public typealias Element = MonitorEvent
            public typealias Failure = Never

            let name: String
            let state: DeviceState
            var index = 0

            public mutating func next() async -> MonitorEvent? {
                let (name, index) = (self.name, self.index)
                let event: MonitorEvent? = state.withDrive { drive in
                    while let log = drive.monitors[name], log.events.count <= index, !drive.finished { drive.step() }
                    guard let log = drive.monitors[name], index < log.events.count else { return nil }
                    drive.now = Swift.max(drive.now, log.events[index].date)
                    return log.events[index]
                }
                if event != nil { self.index += 1 }
                return event
            }
        }
    }
}
