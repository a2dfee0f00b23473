/// A location as the delegate receives it, like `CLLocation`.
public struct Location: Sendable, Hashable {
    /// The reported coordinate: the true position displaced by the accuracy model.
    public var coordinate: Coordinate
    /// Metres above the geoid, when the track has elevations.
    public var altitude: Double?
    /// The radius in metres within which the true position lies (the accuracy model's radius).
    public var horizontalAccuracy: Double
    /// Metres per second, when known.
    public var speed: Double?
    /// Degrees clockwise from true north in [0, 360), when known.
    public var course: Double?
    /// When the fix was taken: virtual seconds since the start of the replay.
    public var timestamp: Double
    /// When the fix was taken in the track's own clock: seconds since 1970-01-01T00:00:00Z, for
    /// tracks with times.
    public var sourceTime: Double?
    /// `verticalAccuracy`, metres: −1 when the altitude is unknown (as CLLocation reports it).
    public var verticalAccuracy: Double = -1
    /// `speedAccuracy`, metres per second: −1 when the speed is invalid.
    public var speedAccuracy: Double = -1
    /// `courseAccuracy`, degrees: −1 when the course is invalid.
    public var courseAccuracy: Double = -1
    /// `CLLocation.timestamp` as seconds since 1970, set by the engine (``FixClock``); when `nil`,
    /// ``timestampDate`` falls back to `sourceTime`, else the reference date + `timestamp`.
    public var date: Double?

    /// `CLLocation.timestamp`, always: ``date``, else `sourceTime`, else
    /// ``FixClock/referenceDate`` + `timestamp`.
    public var timestampDate: Double { date ?? sourceTime ?? FixClock.referenceDate + timestamp }

    public init(
        coordinate: Coordinate, altitude: Double? = nil, horizontalAccuracy: Double, speed: Double? = nil,
        course: Double? = nil, timestamp: Double, sourceTime: Double? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
        self.sourceTime = sourceTime
    }
}
