public import LocSimLocationCore

/// A delivered fix (a `location` event): the reported position and its accuracy radius.
public struct MapFix: Sendable, Hashable {
    /// The reported coordinate (noise included).
    public var coordinate: Coordinate
    /// The accuracy radius in metres (`horizontalAccuracy`; 0 when absent or negative).
    public var horizontalAccuracy: Double
    /// Virtual seconds since the start of the run.
    public var t: Double
    /// The fix's position among all delivered fixes, from 1.
    public var number: Int

    public init(coordinate: Coordinate, horizontalAccuracy: Double, t: Double, number: Int) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.t = t
        self.number = number
    }
}
