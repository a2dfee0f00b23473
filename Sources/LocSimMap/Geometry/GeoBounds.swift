package import LocSimLocationCore

/// A latitude/longitude bounding box, grown one coordinate at a time.
///
/// Longitudes are not wrapped: a track crossing the antimeridian spans the whole world.
package struct GeoBounds: Sendable, Hashable {
    package var south: Double
    package var west: Double
    package var north: Double
    package var east: Double

    package init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The box holding exactly one coordinate.
    package init(_ coordinate: Coordinate) {
        self.init(
            south: coordinate.latitude, west: coordinate.longitude,
            north: coordinate.latitude, east: coordinate.longitude)
    }

    /// Grows the box to hold the coordinate.
    package mutating func include(_ coordinate: Coordinate) {
        south = min(south, coordinate.latitude)
        north = max(north, coordinate.latitude)
        west = min(west, coordinate.longitude)
        east = max(east, coordinate.longitude)
    }

    /// Whether the coordinate lies inside the box or on its edge.
    package func contains(_ coordinate: Coordinate) -> Bool {
        (south...north).contains(coordinate.latitude) && (west...east).contains(coordinate.longitude)
    }
}
