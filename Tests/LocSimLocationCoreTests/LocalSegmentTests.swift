import LocSimLocationCore
import Testing

struct LocalSegmentTests {
    let wgs84 = Geodesic.wgs84
    var radius: Double { wgs84.equatorialRadius }
    var e2: Double { wgs84.flattening * (2 - wgs84.flattening) }

    /// A segment is only deferred when the estimate is certain to apply, and short segments at
    /// ordinary latitudes are deferred.
    @Test(arguments: [0.0, 45, 69.9, -69.9, 70.05])
    func deferredSegmentsAlwaysHaveAnEstimate(_ latitude: Double) throws {
        var rng = SplitMix64(seed: UInt64(abs(latitude) * 10) + 1)
        var deferred = 0
        for _ in 0..<5_000 {
            let start = Coordinate(latitude: latitude, longitude: 179.9 + rng.nextUnit() * 0.2 - 0.1)
            let metres = rng.nextUnit() * 2_400
            let end = wgs84.direct(from: start, azimuth: rng.nextUnit() * 360, distance: metres).coordinate
            let segment = LocalSegment(from: start, to: end, equatorialRadius: radius, e2: e2)
            let estimate = LocalSegment.estimate(from: start, to: end, equatorialRadius: radius, e2: e2)
            if let segment {
                deferred += 1
                let measure = try #require(estimate)
                #expect(segment.measure == measure)
            }
            if metres < 1_900, abs(latitude) < 60 { #expect(segment != nil) }
        }
        if abs(latitude) < 70 { #expect(deferred > 3_000) } else { #expect(deferred == 0) }
    }

    @Test func courseNormalisesAzimuths() {
        #expect(RawFix.course(-90) == 270)
        #expect(RawFix.course(180) == 180)
        #expect(RawFix.course(-1e-20) == 0)
        #expect(RawFix.course(0) == 0)
    }
}
