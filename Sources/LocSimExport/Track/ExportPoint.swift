public import LocSimLocationCore

/// One point of an exported track: where, when (virtual seconds, rounded to milliseconds) and
/// at what elevation.
public struct ExportPoint: Sendable, Hashable {
    public var t: Double
    public var coordinate: Coordinate
    public var altitude: Double?
    /// The device jumped here: it stood at the previous point until this instant (every point of
    /// a drive with `interval` 0, and the first after a pause).
    public var followsJump: Bool
    /// Not a fix: the previous point repeated 1 ms before a jump, so that a player that
    /// interpolates between points (Xcode) holds the position instead of moving.
    public var isHold: Bool

    public init(
        t: Double, coordinate: Coordinate, altitude: Double? = nil, followsJump: Bool = false, isHold: Bool = false
    ) {
        self.t = t
        self.coordinate = coordinate
        self.altitude = altitude
        self.followsJump = followsJump
        self.isHold = isHold
    }
}
