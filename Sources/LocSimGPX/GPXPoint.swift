public import LocSimLocationCore

/// One `wpt`, `rtept` or `trkpt` as read from a file. Optional fields are `nil` when absent.
public struct GPXPoint: Sendable, Hashable {
    public var kind: GPXPointKind
    public var coordinate: Coordinate
    /// Metres above the WGS-84 geoid (`<ele>`).
    public var elevation: Double?
    /// Seconds since 1970-01-01T00:00:00Z (`<time>`; a time without a zone is UTC).
    public var time: Double?
    public var name: String?
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    /// `<sat>`: number of satellites.
    public var satellites: Int?
    /// `<fix>`: `none`, `2d`, `3d`, `dgps` or `pps`.
    public var fix: String?
    /// GPX 1.0 `<speed>` in m/s (or Garmin TrackPointExtension v2 `speed`).
    public var speed: Double?
    /// GPX 1.0 `<course>` in degrees (or Garmin TrackPointExtension v2 `course`).
    public var course: Double?
    /// Garmin TrackPointExtension fields, matched by namespace URI: `hr` (beats per minute),
    /// `cad` (revolutions per minute), `atemp` and `wtemp` (degrees Celsius).
    public var heartRate: Int?
    public var cadence: Int?
    public var temperature: Double?
    public var waterTemperature: Double?
    /// Index of the enclosing `trk` among tracks, or `rte` among routes, in document order
    /// (0 for waypoints).
    public var trackIndex: Int
    /// Index of the enclosing `trkseg` within its track (0 otherwise).
    public var segmentIndex: Int
    /// Whether the reader skipped a point of this kind just before this one (an out-of-range
    /// latitude, a legacy pause marker): replay breaks the track here.
    public var followsSkippedPoint: Bool
    /// 1-based position of the element's start tag, for messages.
    public var line: Int
    public var column: Int

    public init(
        kind: GPXPointKind, coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil,
        name: String? = nil, hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil,
        satellites: Int? = nil, fix: String? = nil, speed: Double? = nil, course: Double? = nil,
        heartRate: Int? = nil, cadence: Int? = nil, temperature: Double? = nil, waterTemperature: Double? = nil,
        trackIndex: Int = 0, segmentIndex: Int = 0, line: Int = 0, column: Int = 0, followsSkippedPoint: Bool = false
    ) {
        self.kind = kind
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.name = name
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.satellites = satellites
        self.fix = fix
        self.speed = speed
        self.course = course
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperature = temperature
        self.waterTemperature = waterTemperature
        self.trackIndex = trackIndex
        self.segmentIndex = segmentIndex
        self.followsSkippedPoint = followsSkippedPoint
        self.line = line
        self.column = column
    }

    /// Makes this the point of a new element without building a new value: every optional field
    /// is cleared (the parser's hot path, one point at a time).
    @inline(__always)
    mutating func reset(
        kind: GPXPointKind, coordinate: Coordinate, trackIndex: Int, segmentIndex: Int, line: Int, column: Int
    ) {
        self.kind = kind
        self.coordinate = coordinate
        elevation = nil
        time = nil
        if name != nil { name = nil }
        hdop = nil
        vdop = nil
        pdop = nil
        satellites = nil
        if fix != nil { fix = nil }
        speed = nil
        course = nil
        heartRate = nil
        cadence = nil
        temperature = nil
        waterTemperature = nil
        self.trackIndex = trackIndex
        self.segmentIndex = segmentIndex
        followsSkippedPoint = false
        self.line = line
        self.column = column
    }
}
