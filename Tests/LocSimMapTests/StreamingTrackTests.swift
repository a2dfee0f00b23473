import Foundation
import LocSimLocationCore
import LocSimMap
import Testing

@Suite struct StreamingTrackTests {
    @Test func shortTracksAreKeptWhole() {
        var track = StreamingTrack(capacity: 100)
        let points = (0..<50).map { Coordinate(latitude: 29 + Double($0) * 0.001, longitude: -91) }
        for point in points { track.append(point) }
        #expect(track.points == points)
        #expect(track.tolerance == 0)
    }

    @Test func aMillionPointsStayUnderTheCapWithAnExactBoundingBox() {
        var track = StreamingTrack(capacity: 20_000)
        var south = Double.infinity
        var north = -Double.infinity
        var west = Double.infinity
        var east = -Double.infinity
        var first: Coordinate?
        var last: Coordinate?
        let count = 1_000_000
        for i in 0..<count {
            let f = Double(i) / Double(count - 1)
            let point = Coordinate(latitude: 30 + 0.4 * sin(f * 40) + (i == 777_777 ? 0.9 : 0), longitude: -95 + 14 * f)
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            west = min(west, point.longitude)
            east = max(east, point.longitude)
            if first == nil { first = point }
            last = point
            track.append(point)
        }
        #expect(track.count == count)
        #expect(track.bounds == GeoBounds(south: south, west: west, north: north, east: east))
        let points = track.points
        #expect(points.count <= 20_001)
        #expect(points.count > 5_000)
        #expect(points.first == first)
        #expect(points.last == last)
        #expect(track.tolerance > 0)
    }

    @Test func thinnedPointsAreAtLeastTheToleranceApart() {
        var track = StreamingTrack(capacity: 50)
        for i in 0..<10_000 { track.append(Coordinate(latitude: 10, longitude: Double(i) * 1e-5)) }
        let points = track.points
        #expect(points.count <= 51)
        let spacing = points.dropLast().indices.map {
            (points[$0 + 1].longitude - points[$0].longitude) * .pi / 180 * cos(10 * .pi / 180)
                * WebMercator.earthRadius
        }
        #expect(spacing.dropLast().allSatisfy { $0 >= track.tolerance - 1e-6 })
    }
}
