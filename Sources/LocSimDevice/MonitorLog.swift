import LocSimLocationCore

/// One monitor's conditions and every event they produced, inside a ``DeviceDrive``.
///
/// Each condition runs locsim's region model (``RegionMonitor``: state at the first fix after it
/// is added, then crossings beyond a margin held for a dwell time) on the true positions.
/// Re-adding an identifier replaces its condition and makes its state unknown until the next fix.
struct MonitorLog: Sendable {
    private struct Watch: Sendable {
        var condition: CircularCondition
        var model: RegionMonitor
    }

    /// Conditions in the order they were added.
    private var order: [String] = []
    private var watches: [String: Watch] = [:]
    /// Every event so far, in order.
    private(set) var events: [MonitorEvent] = []
    /// Each condition's last known state.
    private(set) var states: [String: MonitorState] = [:]

    var identifiers: [String] { order }
    var count: Int { order.count }

    func condition(_ identifier: String) -> CircularCondition? { watches[identifier]?.condition }

    mutating func add(_ condition: CircularCondition, identifier: String) {
        if watches[identifier] == nil { order.append(identifier) }
        let region = MonitoredRegion(id: identifier, center: condition.center, radius: condition.radius)
        watches[identifier] = Watch(condition: condition, model: RegionMonitor(regions: [region]))
        states[identifier] = .unknown
    }

    mutating func remove(_ identifier: String) {
        order.removeAll { $0 == identifier }
        watches[identifier] = nil
        states[identifier] = nil
    }

    /// Feeds one raw fix to every condition; the events it causes, in condition order.
    mutating func ingest(_ fix: RawFix) -> [MonitorEvent] {
        var new: [MonitorEvent] = []
        for identifier in order {
            for event in watches[identifier]!.model.ingest(fix) {
                let state: MonitorState
                switch event {
                case .state(_, let inside): state = inside ? .satisfied : .unsatisfied
                case .enter: state = .satisfied
                case .exit: state = .unsatisfied
                case .failed: continue
                }
                states[identifier] = state
                new.append(MonitorEvent(identifier: identifier, state: state, date: fix.t))
            }
        }
        events += new
        return new
    }
}
