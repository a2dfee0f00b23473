import LocSimLocationCore

/// One monitor's conditions, their records and every event they produced, inside a ``DeviceDrive``.
///
/// Each served condition (the first ``DeviceMonitor/conditionLimit`` in the order they were
/// added) runs locsim's region model (``RegionMonitor``: state at the first fix after it is
/// added, then crossings beyond a margin held for a dwell time) on the true positions. A state is
/// an event only when it differs from the record's (so an assumed state that proves true is
/// silent). A condition past the limit gets one event, `unknown` with `conditionLimitExceeded`,
/// at the next fix, and is served once a removal brings it under the limit.
struct MonitorLog: Sendable {
    private struct Watch: Sendable {
        var condition: CircularCondition
        var model: RegionMonitor
        var lastEvent: MonitorEvent
        /// Whether its past-the-limit event has been posted.
        var limitReported = false
    }

    /// Which opening of a monitor this log belongs to (``DeviceDrive/openMonitor(named:quirks:)``):
    /// the events of one ``DeviceMonitor`` are never read by another's iterators.
    var opening = 0
    var quirks: MonitorQuirks = []
    /// The app's diagnostics every event carries (``diagnose(_:at:)``).
    private(set) var diagnostics = MonitorDiagnostics()
    /// Conditions in the order they were added.
    private var order: [String] = []
    private var watches: [String: Watch] = [:]
    /// Every event so far of the open monitor, in order.
    private(set) var events: [MonitorEvent] = []

    var identifiers: [String] { order }

    func record(_ identifier: String) -> MonitorRecord? {
        watches[identifier].map { MonitorRecord(condition: $0.condition, lastEvent: $0.lastEvent) }
    }

    /// Adds `condition` (replacing the one under `identifier`, which keeps its place) with the
    /// record's state `assumed`, at instant `t`.
    mutating func add(_ condition: CircularCondition, identifier: String, assuming assumed: MonitorState, at t: Double)
    {
        if watches[identifier] == nil { order.append(identifier) }
        let region = MonitoredRegion(id: identifier, center: condition.center, radius: condition.radius)
        watches[identifier] = Watch(
            condition: condition, model: RegionMonitor(regions: [region]),
            lastEvent: MonitorEvent(identifier: identifier, state: assumed, date: t))
    }

    mutating func remove(_ identifier: String) {
        order.removeAll { $0 == identifier }
        watches[identifier] = nil
    }

    /// Opens the log for a new monitor: no events yet; with ``MonitorQuirks/reemitOnReopen``,
    /// each served condition's known state again at `t`.
    mutating func reopen(opening: Int, quirks: MonitorQuirks, at t: Double) -> [MonitorEvent] {
        self.opening = opening
        self.quirks = quirks
        events = []
        guard quirks.contains(.reemitOnReopen) else { return [] }
        for identifier in order.prefix(DeviceMonitor.conditionLimit) {
            let last = watches[identifier]!.lastEvent
            guard last.state != .unknown else { continue }
            events.append(diagnostics.stamped(MonitorEvent(identifier: identifier, state: last.state, date: t)))
        }
        return events
    }

    /// Feeds one raw fix to every condition; the events it causes, in condition order.
    mutating func ingest(_ fix: RawFix) -> [MonitorEvent] {
        var new: [MonitorEvent] = []
        for (index, identifier) in order.enumerated() {
            guard index < DeviceMonitor.conditionLimit else {
                guard !watches[identifier]!.limitReported else { continue }
                var event = diagnostics.stamped(MonitorEvent(identifier: identifier, state: .unknown, date: fix.t))
                event.conditionLimitExceeded = true
                watches[identifier]!.limitReported = true
                watches[identifier]!.lastEvent = event
                new.append(event)
                continue
            }
            for regionEvent in watches[identifier]!.model.ingest(fix) {
                let state: MonitorState
                switch regionEvent {
                case .state(_, let inside):
                    if inside, quirks.contains(.noEntryWhenStartingInside) { continue }
                    state = inside ? .satisfied : .unsatisfied
                case .enter: state = .satisfied
                case .exit: state = .unsatisfied
                case .failed: continue
                }
                guard state != watches[identifier]!.lastEvent.state else { continue }
                let event = diagnostics.stamped(MonitorEvent(identifier: identifier, state: state, date: fix.t))
                watches[identifier]!.lastEvent = event
                new.append(event)
            }
        }
        events += new
        return new
    }

    /// The app's diagnostics are now `new` (an authorization, Precise Location, Location Services
    /// or app-state change): when they differ from the last, every served condition whose state
    /// is known posts an event with that state and the new flags at `t`, as CLMonitor reports on
    /// each of its conditions; later events carry them. Nothing when they are the same.
    mutating func diagnose(_ new: MonitorDiagnostics, at t: Double) -> [MonitorEvent] {
        guard new != diagnostics else { return [] }
        diagnostics = new
        var posted: [MonitorEvent] = []
        for identifier in order.prefix(DeviceMonitor.conditionLimit) {
            let last = watches[identifier]!.lastEvent
            guard last.state != .unknown else { continue }
            let event = new.stamped(MonitorEvent(identifier: identifier, state: last.state, date: t))
            watches[identifier]!.lastEvent = event
            posted.append(event)
        }
        events += posted
        return posted
    }

    /// Takes `current` as the diagnostics without posting anything (a monitor opened now).
    mutating func adopt(_ current: MonitorDiagnostics) {
        diagnostics = current
    }
}
