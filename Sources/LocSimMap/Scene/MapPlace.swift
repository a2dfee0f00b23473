public import LocSimLocationCore

/// A geocoded place (a `LOCATION_AVAILABLE` event) to label on the map.
public struct MapPlace: Sendable, Hashable {
    /// Where the place was reported.
    public var coordinate: Coordinate
    /// The label: `City, ST`, or the city alone when there is no state.
    public var name: String
    /// Virtual seconds since the start of the run.
    public var t: Double

    public init(coordinate: Coordinate, name: String, t: Double) {
        self.coordinate = coordinate
        self.name = name
        self.t = t
    }
}
