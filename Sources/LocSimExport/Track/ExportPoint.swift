public import LocSimLocationCore

/// One point of an exported track: where, when (virtual seconds, rounded to milliseconds) and
/// at what elevation.
public struct ExportPoint: Sendable, Hashable {
    public var t: Double
    public var coordinate: Coordinate
    public var altitude: Double?

    public init(t: Double, coordinate: Coordinate, altitude: Double? = nil) {
        self.t = t
        self.coordinate = coordinate
        self.altitude = altitude
    }
}
