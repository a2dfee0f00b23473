/// A circular region the app monitors, like `CLCircularRegion`.
public struct MonitoredRegion: Sendable, Hashable {
    /// `CLRegion.identifier`.
    public var id: String
    public var center: Coordinate
    /// Metres.
    public var radius: Double

    public init(id: String, center: Coordinate, radius: Double) {
        self.id = id
        self.center = center
        self.radius = radius
    }
}

/// What region monitoring tells the delegate.
public enum RegionEvent: Sendable, Hashable {
    /// `didDetermineState` (answering `requestState`): inside (1) or outside (2).
    case state(id: String, inside: Bool)
    /// `didEnterRegion`.
    case enter(id: String)
    /// `didExitRegion`.
    case exit(id: String)
    /// `monitoringDidFailFor:withError:` with `CLError.regionMonitoringFailure` (5).
    case failed(id: String, code: Int, message: String)
}
