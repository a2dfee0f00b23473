import LocSimGPX
import LocSimLocationCore

/// The geodesic length of what a file would replay: its tracks, else its routes, else the
/// path through its waypoints (segments are not joined to each other).
enum TrackLength {
    static func measure(fileAt path: String) -> Double? {
        measure { try GPXReader().read(fileAt: path, $0) }
    }

    private static func measure(
        _ read: ((borrowing GPXPoint) throws -> Void) throws -> GPXSummary
    ) -> Double? {
        var accumulator = Accumulator()
        do {
            _ = try read { accumulator.add($0) }
        } catch {
            return nil
        }
        return accumulator.length
    }

    /// The length of the points seen so far, fed one at a time (during a validation pass).
    struct Accumulator {
        private var lengths: [GPXPointKind: Double] = [:]
        private var previous: (kind: GPXPointKind, track: Int, segment: Int, coordinate: Coordinate)?
        private let geodesic = Geodesic.wgs84

        mutating func add(_ point: borrowing GPXPoint) {
            var step = 0.0
            if let last = previous, last.kind == point.kind, last.track == point.trackIndex,
                last.segment == point.segmentIndex
            {
                step = geodesic.distance(from: last.coordinate, to: point.coordinate)
            }
            lengths[point.kind, default: 0] += step
            previous = (point.kind, point.trackIndex, point.segmentIndex, point.coordinate)
        }

        /// Tracks, else routes, else waypoints.
        var length: Double? { lengths[.trackPoint] ?? lengths[.routePoint] ?? lengths[.waypoint] }
    }
}
