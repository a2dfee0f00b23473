/// `CLMonitor.Record`: a condition and the last event of it (``DeviceMonitor/record(for:)``).
public struct MonitorRecord: Sendable, Hashable {
    /// The condition being watched.
    public var condition: CircularCondition
    /// The most recent event: until the first one, an event with the state the condition was
    /// added with (`unknown`, or the assumed state) at the instant it was added.
    public var lastEvent: MonitorEvent

    public init(condition: CircularCondition, lastEvent: MonitorEvent) {
        self.condition = condition
        self.lastEvent = lastEvent
    }

    /// The last known state, as `record(for:)` returned it before it returned a record.
    @available(*, deprecated, renamed: "lastEvent.state")
    public var state: MonitorState { lastEvent.state }
}
