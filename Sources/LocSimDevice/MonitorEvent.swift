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
    /// Not determined: a condition's state from ``DeviceMonitor/add(_:identifier:assuming:)``
    /// until the next fix (unless another state is assumed), and the state of a condition past
    /// ``DeviceMonitor/conditionLimit``.
    case unknown
    /// The device is inside the circle.
    case satisfied
    /// The device is outside the circle.
    case unsatisfied
}

/// `CLMonitor.Event`: a condition's state changed (or was first determined), with Apple's
/// diagnostics.
///
/// ``conditionLimitExceeded`` is the condition's own; ``accuracyLimited`` and the authorization
/// and in-use flags are the app's, set from the drive's events and service sessions (a change
/// posts an event on every condition whose state is known, docs/device.md);
/// ``conditionUnsupported`` and ``persistenceUnavailable`` are always `false` (a circle is
/// supported, and persistence works).
public struct MonitorEvent: Sendable, Hashable {
    /// The identifier the condition was added under.
    public var identifier: String
    public var state: MonitorState
    /// When, in virtual seconds since the start of the drive (`CLMonitor.Event.date`).
    public var date: Double
    /// `refinement`: the most specific condition the event applies to. Always `nil`: nothing is
    /// more specific than a circle (Apple refines beacon conditions, which locsim does not model).
    public var refinement: CircularCondition?
    /// The condition is past ``DeviceMonitor/conditionLimit``: it is not served (state `unknown`).
    public var conditionLimitExceeded = false
    /// `accuracyLimited`: updates are accuracy-limited.
    public var accuracyLimited = false
    /// `conditionUnsupported`: the kind of condition is not supported.
    public var conditionUnsupported = false
    /// `persistenceUnavailable`: monitoring is suspended by a persistence failure.
    public var persistenceUnavailable = false
    /// `authorizationDenied`: the app is denied location.
    public var authorizationDenied = false
    /// `authorizationDeniedGlobally`: location services are off system-wide.
    public var authorizationDeniedGlobally = false
    /// `authorizationRequestInProgress`: the authorization prompt is showing.
    public var authorizationRequestInProgress = false
    /// `authorizationRestricted`: the app cannot change its authorization.
    public var authorizationRestricted = false
    /// `insufficientlyInUse`: the app is not in use enough for this service.
    public var insufficientlyInUse = false
    /// `serviceSessionRequired`: a `CLServiceSession` is needed.
    public var serviceSessionRequired = false

    public init(identifier: String, state: MonitorState, date: Double, refinement: CircularCondition? = nil) {
        self.identifier = identifier
        self.state = state
        self.date = date
        self.refinement = refinement
    }
}
