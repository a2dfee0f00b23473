public import LocSimLocationCore

/// One source point for playback: a track, route or waypoint position with what timing it has.
public struct PlaybackPoint: Sendable, Hashable {
    public var coordinate: Coordinate
    /// Metres above the geoid (`<ele>`), passed on as the fixes' altitude.
    public var elevation: Double?
    /// Seconds since 1970-01-01T00:00:00Z (`<time>`), or `nil` for an untimed point.
    public var time: Double?
    /// The track breaks before this point (the reader skipped one, such as a legacy pause
    /// marker): no interpolated fixes lead up to it.
    public var afterBreak: Bool

    public init(coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil, afterBreak: Bool = false) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.afterBreak = afterBreak
    }
}
