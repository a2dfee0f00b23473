import GPX
import LocSimSettings
import LocationCore

/// The geodesic length of what a file would replay: its tracks, else its routes, else the
/// path through its waypoints (segments are not joined to each other).
enum TrackLength {
    static func measure(fileAt path: String) -> Double? {
        measure { try GPXReader().read(fileAt: path, $0) }
    }

    /// The length of a document already in memory (a pipe's contents, read once).
    static func measure(bytes: [UInt8], path: String) -> Double? {
        measure { try GPXReader().read(bytes: bytes, path: path, $0) }
    }

    private static func measure(
        _ read: ((borrowing GPXPoint) throws -> Void) throws -> GPXSummary
    ) -> Double? {
        var lengths: [GPXPointKind: Double] = [:]
        var previous: (kind: GPXPointKind, track: Int, segment: Int, coordinate: Coordinate)?
        let geodesic = Geodesic.wgs84
        do {
            _ = try read { point in
                var step = 0.0
                if let last = previous, last.kind == point.kind, last.track == point.trackIndex,
                    last.segment == point.segmentIndex
                {
                    step = geodesic.distance(from: last.coordinate, to: point.coordinate)
                }
                lengths[point.kind, default: 0] += step
                previous = (point.kind, point.trackIndex, point.segmentIndex, point.coordinate)
            }
        } catch {
            return nil
        }
        return lengths[.trackPoint] ?? lengths[.routePoint] ?? lengths[.waypoint]
    }
}
