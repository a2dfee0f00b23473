import Foundation
import Testing

@testable import LocSimLocationCore

/// `DistanceThreshold` asks the chord bounds before the exact inverse; they must enclose the
/// geodesic distance, and the threshold's answers must stay those of the exact distance.
@Suite struct ChordBoundsTests {
    let wgs84 = Geodesic.wgs84

    @Test func theChordBoundsEncloseTheGeodesicDistanceTightly() {
        var rng = SplitMix64(seed: 23)
        for index in 0..<20_000 {
            // Every latitude (poles included), every scale up to the reach.
            let a = Coordinate(latitude: rng.nextUnit() * 180 - 90, longitude: rng.nextUnit() * 360 - 180)
            let distance = [0.01, 1, 100, 3000, 30_000, 99_000][index % 6] * rng.nextUnit()
            let b = wgs84.direct(from: a, azimuth: rng.nextUnit() * 360, distance: distance).coordinate
            let exact = wgs84.distance(from: a, to: b)
            guard let (lower, upper) = wgs84.chordBounds(from: a, to: b) else {
                Issue.record("no bounds for \(a) → \(b)")
                continue
            }
            #expect(lower <= exact + 1e-8, "\(a) → \(b)")
            #expect(exact <= upper + 1e-8, "\(a) → \(b)")
            // The band is c³k²/24 wide at most: 28 µm at 3 km, about 1 m at 100 km.
            #expect(upper - lower <= 1.1e-15 * pow(lower, 3) + 1e-9, "\(a) → \(b)")
        }
        let a = Coordinate(latitude: 10, longitude: 20)
        #expect(wgs84.chordBounds(from: a, to: Coordinate(latitude: 11, longitude: 20)) == nil)
        #expect(wgs84.chordBounds(from: a, to: Coordinate(latitude: .nan, longitude: 20)) == nil)
    }

    /// Pairs within ±(50 µm + 5 ppm) of the threshold, inside the spherical bounds' margin: the
    /// chord bounds decide some, the exact inverse the rest, and every answer is the exact one.
    @Test(arguments: [1.0, 50, 3000, 40_000, 99_000])
    func answersNearTheThresholdAreTheExactDistances(metres: Double) {
        let threshold = DistanceThreshold(metres)
        var rng = SplitMix64(seed: UInt64(metres))
        var chordDecided = 0
        var exactDecided = 0
        for index in 0..<3000 {
            let latitude = index % 4 == 0 ? 89.99 * (2 * rng.nextUnit() - 1) : 70 * (2 * rng.nextUnit() - 1)
            let a = Coordinate(latitude: latitude, longitude: rng.nextUnit() * 360 - 180)
            let distance = metres + (1e-4 + 1e-5 * metres) * (rng.nextUnit() - 0.5)
            let b = wgs84.direct(from: a, azimuth: rng.nextUnit() * 360, distance: distance).coordinate
            let exact = wgs84.distance(from: a, to: b) >= metres - DistanceThreshold.tolerance
            #expect(threshold.isReached(from: a, to: b) == exact, "\(a) → \(b)")
            if let (lower, upper) = wgs84.chordBounds(from: a, to: b),
                lower >= threshold.bounds.effective + DistanceThreshold.chordMargin
                    || upper < threshold.bounds.effective - DistanceThreshold.chordMargin
            {
                chordDecided += 1
            } else {
                exactDecided += 1
            }
        }
        #expect(chordDecided > 0)
        #expect(exactDecided > 0)
    }
}
