import Foundation
package import LocSimLocationCore

/// A raw track simplified as it streams in: bounded memory, exact bounding box.
///
/// A point is kept when it lies at least ``tolerance`` metres from the last kept point. The
/// tolerance starts at 0 (everything is kept); when more than ``capacity`` points are kept it
/// doubles (from at least ``minimumTolerance``) and the kept points are thinned again with the
/// new tolerance, until at most half the capacity remain. The newest point is always part of
/// ``points``, so the line ends where the track ends. Distances use the equirectangular
/// approximation, plenty for deciding which points to draw.
package struct StreamingTrack: Sendable {
    /// The most points kept at once.
    package let capacity: Int
    /// The first tolerance tried when the capacity is first exceeded, in metres.
    package static let minimumTolerance = 1.0
    /// The current thinning distance in metres.
    package private(set) var tolerance = 0.0
    /// How many points were offered.
    package private(set) var count = 0
    /// The exact bounding box of every point offered.
    package private(set) var bounds: GeoBounds?
    private var kept: [Coordinate] = []
    private var newest: Coordinate?

    /// A track keeping at most `capacity` (at least 2) points.
    package init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    /// The simplified line: the kept points and, if it was not kept, the newest point.
    package var points: [Coordinate] {
        guard let newest else { return kept }
        return kept + [newest]
    }

    /// The first point offered (always kept).
    package var first: Coordinate? { kept.first }

    /// Offers the next point of the track.
    package mutating func append(_ coordinate: Coordinate) {
        count += 1
        if bounds == nil { bounds = GeoBounds(coordinate) } else { bounds?.include(coordinate) }
        guard let last = kept.last else {
            kept.append(coordinate)
            return
        }
        guard Self.distance(last, coordinate) >= tolerance else {
            newest = coordinate
            return
        }
        kept.append(coordinate)
        newest = nil
        if kept.count > capacity { rethin() }
    }

    private mutating func rethin() {
        let latest = kept[kept.count - 1]
        while kept.count > capacity / 2 {
            tolerance = max(tolerance * 2, Self.minimumTolerance)
            var thinned: [Coordinate] = [kept[0]]
            thinned.reserveCapacity(kept.count)
            for point in kept.dropFirst() where Self.distance(thinned[thinned.count - 1], point) >= tolerance {
                thinned.append(point)
            }
            kept = thinned
        }
        if kept[kept.count - 1] != latest { newest = latest }
    }

    /// The equirectangular distance between two coordinates in metres.
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let meanLatitude = (a.latitude + b.latitude) / 2 * radians
        let dx = (b.longitude - a.longitude) * radians * cos(meanLatitude)
        let dy = (b.latitude - a.latitude) * radians
        return (dx * dx + dy * dy).squareRoot() * WebMercator.earthRadius
    }
}
