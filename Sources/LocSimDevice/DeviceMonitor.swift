import LocSimLocationCore
public import LocSimSupport

/// A `CLMonitor`-shaped monitor of circular conditions on a ``SimulatedDevice``
/// (``SimulatedDevice/monitor(named:quirks:)``). Rules, CLMonitor's, with locsim's choices
/// where Apple says nothing (docs/device.md):
/// - a condition's record starts `unknown` (or at the state ``add(_:identifier:assuming:)`` is
///   given) and is determined at the next fix; a state is a ``MonitorEvent`` only when it
///   differs from the record's, so an assumed state that proves true posts nothing; later events
///   are crossings (locsim's region model: beyond the boundary by 100 m for 20 s);
/// - adding a condition under an identifier in use replaces it (its record starts again);
/// - a condition past ``conditionLimit`` is kept but not served: one event, `unknown` with
///   `conditionLimitExceeded`, at the next fix; removing a served one serves the earliest
///   waiting one from the next fix (locsim's choice);
/// - one monitor per name on a device at a time; a monitor of a name used before holds what the
///   last one left (not evaluated while no monitor of the name is open: locsim's choice).
///
/// ``events`` is a sequence each of whose iterators gets every event of this monitor from the
/// first (pulling plays the track, as ``LocationUpdates`` does). Dropping the monitor frees its
/// name and ends its event sequences.
public final class DeviceMonitor: Sendable {
    /// CoreLocation's limit of served conditions (20, as for region monitoring).
    public static let conditionLimit = RegionMonitor.limit

    /// The name it was made with.
    public let name: String
    let opening: Int
    let state: DeviceState

    init(name: String, opening: Int, state: DeviceState) {
        self.name = name
        self.opening = opening
        self.state = state
    }

    deinit {
        let (name, opening) = (self.name, self.opening)
        state.withDrive { $0.closeMonitor(named: name, opening: opening) }
    }

    /// `add(_:identifier:assuming:)`: watches `condition` under `identifier`, replacing one
    /// already there. The record starts at `assumed` at ``SimulatedDevice/now``; the next fix
    /// posts an event only if the condition's state differs from it (Apple: the state "to
    /// initialize the condition with"; CLMonitor reports changes of state). Past
    /// ``conditionLimit`` the condition is kept and not served (no error).
    /// - Throws: ``SimulatedDeviceError`` `invalidCondition` for a non-finite or out-of-range
    ///   centre or a radius that is not > 0 (as Apple's initializer refuses them).
    public func add(
        _ condition: CircularCondition, identifier: String, assuming assumed: MonitorState = .unknown
    ) throws(SimulatedDeviceError) {
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
        state.withDrive { drive in
            drive.monitors[name]?.add(condition, identifier: identifier, assuming: assumed, at: drive.now)
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

    /// `record(for:)`: the condition and its last event; `nil` for an identifier not watched.
    public func record(for identifier: String) -> MonitorRecord? {
        let name = self.name
        return state.withDrive { $0.monitors[name]?.record(identifier) }
    }

    /// `events`: every state change, in order.
    public var events: Events { Events(name: name, opening: opening, state: state) }

    /// The monitor's events as an `AsyncSequence`.
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = MonitorEvent
        public typealias Failure = Never

        let name: String
        let opening: Int
        let state: DeviceState

        public func makeAsyncIterator() -> Iterator { Iterator(name: name, opening: opening, state: state) }

        /// Reads the events in order from the first.
        public struct Iterator: AsyncIteratorProtocol {
            public typealias Element = MonitorEvent
            public typealias Failure = Never

            let name: String
            let opening: Int
            let state: DeviceState
            var index = 0

            /// The next event, or nil once the drive ends, the monitor is dropped or the iterating
            /// task is cancelled.
            public mutating func next() async -> MonitorEvent? {
                if Task.isCancelled { return nil }
                let (name, opening, index) = (self.name, self.opening, self.index)
                let event: MonitorEvent? = state.withDrive { drive in
                    func log(_ drive: DeviceDrive) -> MonitorLog? {
                        drive.monitors[name].flatMap { $0.opening == opening ? $0 : nil }
                    }
                    while let log = log(drive), log.events.count <= index, !drive.finished { drive.step() }
                    guard let log = log(drive), index < log.events.count else { return nil }
                    drive.now = Swift.max(drive.now, log.events[index].date)
                    return log.events[index]
                }
                if event != nil { self.index += 1 }
                return event
            }
        }
    }
}
