import LocSimLocationCore
import Testing

@Suite struct DistanceThresholdTests {
    let wgs84 = Geodesic.wgs84

    /// Random pairs, from a fixed seed, at every scale from metres to half the globe.
    static func pairs(count: Int, seed: UInt64) -> [(Coordinate, Coordinate)] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let a = Coordinate(latitude: rng.nextUnit() * 180 - 90, longitude: rng.nextUnit() * 360 - 180)
            let scale = [1e-5, 1e-3, 0.1, 10, 90][index % 5]
            let b = Coordinate(
                latitude: max(-90, min(90, a.latitude + (rng.nextUnit() - 0.5) * scale)),
                longitude: a.longitude + (rng.nextUnit() - 0.5) * 2 * scale)
            return (a, b)
        }
    }

    @Test func radiusBoundsAreTheExtremeRadiiOfCurvature() {
        let (low, high) = wgs84.radiusBounds
        #expect(abs(low - 6_335_439.327) < 1e-3)
        #expect(abs(high - 6_399_593.626) < 1e-3)
        #expect(high / low < 1.0102)
    }

    @Test func theSphericalBoundsEncloseTheGeodesicDistance() {
        for (a, b) in Self.pairs(count: 5000, seed: 7) {
            let exact = wgs84.distance(from: a, to: b)
            let bounds = wgs84.distanceBounds(from: a, to: b)
            #expect(bounds.lower <= exact * (1 + 1e-9) + 1e-9, "\(a) → \(b)")
            #expect(exact <= bounds.upper * (1 + 1e-9) + 1e-9, "\(a) → \(b)")
        }
    }

    @Test(arguments: [1.0, 100, 3000, 500_000])
    func isReachedAgreesWithTheExactDistance(metres: Double) {
        let threshold = DistanceThreshold(metres)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let a = Coordinate(latitude: rng.nextUnit() * 178 - 89, longitude: rng.nextUnit() * 360 - 180)
            // Distances spread over ±2 % of the threshold, so both the bound and the exact path run.
            let distance = metres * (0.98 + 0.04 * rng.nextUnit())
            let b = wgs84.direct(from: a, azimuth: rng.nextUnit() * 360, distance: distance).coordinate
            let exact = wgs84.distance(from: a, to: b)
            #expect(threshold.isReached(from: a, to: b) == (exact >= metres - DistanceThreshold.tolerance))
        }
    }

    @Test(arguments: [1.0, 50, 3000, 40_000])
    func aBoundDecisionNeverContradictsTheExactDistance(metres: Double) {
        // Pairs at every scale (the polynomial bracket, the haversine and the deferral all run),
        // plus pairs straddling the threshold near the poles, where cos φ is small.
        let threshold = DistanceThreshold(metres)
        var rng = SplitMix64(seed: 5)
        var cases = Self.pairs(count: 4000, seed: 13)
        for _ in 0..<1000 {
            let a = Coordinate(latitude: 80 + 9.99 * rng.nextUnit(), longitude: rng.nextUnit() * 360 - 180)
            let distance = metres * (0.99 + 0.02 * rng.nextUnit())
            cases.append((a, wgs84.direct(from: a, azimuth: rng.nextUnit() * 360, distance: distance).coordinate))
        }
        var decided = 0
        for (a, b) in cases {
            guard let decision = threshold.boundDecision(from: a, to: b) else { continue }
            decided += 1
            #expect(decision == (wgs84.distance(from: a, to: b) >= metres - DistanceThreshold.tolerance), "\(a) → \(b)")
        }
        #expect(decided > cases.count / 2)
    }

    @Test func theBoundDecidesFarFromTheThresholdAndDefersNearIt() {
        let threshold = DistanceThreshold(3000)
        let start = Coordinate(latitude: 45, longitude: 7)
        let near = wgs84.direct(from: start, azimuth: 30, distance: 3001).coordinate
        let short = wgs84.direct(from: start, azimuth: 30, distance: 2900).coordinate
        let long = wgs84.direct(from: start, azimuth: 30, distance: 3100).coordinate
        #expect(threshold.boundDecision(from: start, to: near) == nil)
        #expect(threshold.boundDecision(from: start, to: short) == false)
        #expect(threshold.boundDecision(from: start, to: long) == true)
        #expect(threshold.isReached(from: start, to: near))
    }

    @Test(arguments: [(2999.9, false), (3000, true), (3000.1, true), (2999.999_9, false)])
    func theComparisonIsInclusive(distance: Double, reached: Bool) {
        let start = Coordinate(latitude: 29.7965, longitude: -91.501)
        let end = wgs84.direct(from: start, azimuth: 77, distance: distance).coordinate
        #expect(DistanceThreshold(3000).isReached(from: start, to: end) == reached)
    }

    @Test func worksAcrossTheAntimeridianAndAtThePole() {
        let threshold = DistanceThreshold(1000)
        #expect(
            threshold.isReached(
                from: Coordinate(latitude: 0, longitude: 179.995), to: Coordinate(latitude: 0, longitude: -179.995)))
        #expect(
            !threshold.isReached(
                from: Coordinate(latitude: 0, longitude: 179.999), to: Coordinate(latitude: 0, longitude: -179.999)))
        #expect(
            !threshold.isReached(
                from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: 90, longitude: 120)))
    }

    @Test func zeroAndHugeThresholds() {
        let a = Coordinate(latitude: 10, longitude: 10)
        #expect(DistanceThreshold(0).isReached(from: a, to: a))
        let antipode = Coordinate(latitude: -10, longitude: -170)
        #expect(!DistanceThreshold(25_000_000).isReached(from: a, to: antipode))
        #expect(DistanceThreshold(19_000_000).isReached(from: a, to: antipode))
    }
}
