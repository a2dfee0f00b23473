/// One position from playback, before the accuracy model and the filter: what the device's
/// GPS would see at instant `t`.
public struct RawFix: Sendable, Hashable {
    /// How a fix knows its speed and course.
    public enum Motion: Sendable, Hashable {
        /// Given: metres per second and degrees clockwise from north in [0, 360), when known.
        case known(speed: Double?, course: Double?)
        /// Measured on demand (most fixes are never reported): the segment's length over
        /// `duration` seconds, and its course at the segment's end (`atEnd`) or start; no course
        /// when the segment has no length.
        case segment(LocalSegment, duration: Double, atEnd: Bool)

        /// Speed and course; a ``segment(_:duration:atEnd:)`` is measured on each call.
        public var speedAndCourse: (speed: Double?, course: Double?) {
            switch self {
            case .known(let speed, let course):
                return (speed, course)
            case .segment(let segment, let duration, let atEnd):
                let measure = segment.measure
                let speed = measure.distance / duration
                guard measure.distance > 0 else { return (speed, nil) }
                return (speed, RawFix.course(atEnd ? measure.finalAzimuth : measure.initialAzimuth))
            }
        }
    }

    /// Virtual seconds since the start of the replay.
    public var t: Double
    /// The true coordinate.
    public var coordinate: Coordinate
    /// Metres above the geoid, when the track has elevations.
    public var altitude: Double?
    /// Where ``speed`` and ``course`` come from.
    public var motion: Motion
    /// The matching instant in the track's own clock (seconds since 1970), for timed tracks.
    public var sourceTime: Double?

    public init(
        t: Double, coordinate: Coordinate, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil,
        sourceTime: Double? = nil
    ) {
        self.init(
            t: t, coordinate: coordinate, altitude: altitude, motion: .known(speed: speed, course: course),
            sourceTime: sourceTime)
    }

    public init(t: Double, coordinate: Coordinate, altitude: Double? = nil, motion: Motion, sourceTime: Double? = nil) {
        self.t = t
        self.coordinate = coordinate
        self.altitude = altitude
        self.motion = motion
        self.sourceTime = sourceTime
    }

    /// Speed (metres per second along the track) and course (degrees clockwise from true north in
    /// [0, 360)), when known.
    public var speedAndCourse: (speed: Double?, course: Double?) { motion.speedAndCourse }

    /// Metres per second along the track, when known.
    public var speed: Double? { speedAndCourse.speed }
    /// Degrees clockwise from true north in [0, 360), when known.
    public var course: Double? { speedAndCourse.course }

    /// An azimuth in [-180, 180] as a course in [0, 360).
    public static func course(_ azimuth: Double) -> Double {
        let course = azimuth < 0 ? azimuth + 360 : azimuth
        return course >= 360 ? 0 : course
    }

    /// Fixes are equal when they report the same values, however their motion is given.
    public static func == (a: RawFix, b: RawFix) -> Bool {
        a.t == b.t && a.coordinate == b.coordinate && a.altitude == b.altitude && a.sourceTime == b.sourceTime
            && a.speedAndCourse == b.speedAndCourse
    }

    public func hash(into hasher: inout Hasher) {
        let (speed, course) = speedAndCourse
        hasher.combine(t)
        hasher.combine(coordinate)
        hasher.combine(altitude)
        hasher.combine(speed)
        hasher.combine(course)
        hasher.combine(sourceTime)
    }
}
