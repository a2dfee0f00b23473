public import LocSimLocationCore

/// A circular condition a ``DeviceMonitor`` watches, like `CLMonitor.CircularGeographicCondition`.
public struct CircularCondition: Sendable, Hashable {
    public var center: Coordinate
    /// Metres, > 0.
    public var radius: Double

    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

/// `CLMonitor.Event.State`.
public enum MonitorState: String, Sendable, Hashable {
    /// Not determined yet: a condition's state from ``DeviceMonitor/add(_:identifier:)`` until the next fix.
    case unknown
    /// The device is inside the circle.
    case satisfied
    /// The device is outside the circle.
    case unsatisfied
}

/// `CLMonitor.Event`: a condition's state changed (or was first determined).
public struct MonitorEvent: Sendable, Hashable {
    /// The identifier the condition was added under.
    public var identifier: String
    public var state: MonitorState
    /// When, in virtual seconds since the start of the drive (`CLMonitor.Event.date`).
    public var date: Double

    public init(identifier: String, state: MonitorState, date: Double) {
        self.identifier = identifier
        self.state = state
        self.date = date
    }
}
