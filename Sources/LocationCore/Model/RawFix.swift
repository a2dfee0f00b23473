/// One true position from playback, before the accuracy model and the filters.
public struct RawFix: Sendable, Hashable {
    /// Virtual seconds since the start of the replay.
    public var t: Double
    /// The true coordinate.
    public var coordinate: Coordinate
    /// Metres above the geoid, when the track has elevations.
    public var altitude: Double?
    /// Metres per second along the track, when known.
    public var speed: Double?
    /// Degrees clockwise from true north in [0, 360), when known.
    public var course: Double?
    /// The matching instant in the track's own clock (seconds since 1970), for timed tracks.
    public var sourceTime: Double?

    public init(
        t: Double, coordinate: Coordinate, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil,
        sourceTime: Double? = nil
    ) {
        self.t = t
        self.coordinate = coordinate
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.sourceTime = sourceTime
    }
}
