import LocSimLocationCore
import Testing

@Suite struct AccuracyModelTests {
    let wgs84 = Geodesic.wgs84
    let here = Coordinate(latitude: 29.7965, longitude: -91.501)

    @Test(arguments: [5.0, 10, 100, 1000, 3000, 5000, 25_000])
    func displacementNeverExceedsTheRadiusOverManySeeds(radius: Double) {
        var largest = 0.0
        var inInnerHalf = 0
        var samples = 0
        for seed in UInt64(0)..<200 {
            var model = AccuracyModel(radius: radius, seed: seed, model: .white)
            for _ in 0..<20 {
                let displacement = wgs84.distance(from: here, to: model.report(here, at: 0))
                #expect(displacement <= radius + 1e-6)
                largest = max(largest, displacement)
                // Uniform over the disc: half the points fall within radius/√2.
                if displacement <= radius / 2.squareRoot() { inInnerHalf += 1 }
                samples += 1
            }
        }
        #expect(largest > 0.99 * radius)
        #expect(abs(Double(inInnerHalf) / Double(samples) - 0.5) < 0.03)
    }

    @Test func bearingsCoverEveryQuadrant() {
        var model = AccuracyModel(radius: 1000, seed: 3, model: .white)
        var quadrants = Set<Int>()
        for _ in 0..<100 {
            let azimuth = wgs84.inverse(from: here, to: model.report(here, at: 0)).initialAzimuth
            quadrants.insert(Int(((azimuth + 360).truncatingRemainder(dividingBy: 360)) / 90))
        }
        #expect(quadrants == [0, 1, 2, 3])
    }

    @Test func sameSeedSameErrorsDifferentSeedDifferentErrors() {
        var a = AccuracyModel(radius: 100, seed: 9, model: .white)
        var b = AccuracyModel(radius: 100, seed: 9, model: .white)
        var c = AccuracyModel(radius: 100, seed: 10, model: .white)
        let fromA = (0..<10).map { _ in a.report(here, at: 0) }
        let fromB = (0..<10).map { _ in b.report(here, at: 0) }
        let fromC = (0..<10).map { _ in c.report(here, at: 0) }
        #expect(fromA == fromB)
        #expect(fromA != fromC)
        #expect(Set(fromA.map(\.latitude)).count == 10)
    }

    @Test func noNoiseReportsTheTruePosition() {
        var model = AccuracyModel(radius: 1000, seed: 1, noise: false, model: .white)
        #expect(model.report(here, at: 0) == here)
        #expect(model.radius == 1000)
    }

    @Test func worksAtThePoleAndAcrossTheAntimeridian() {
        var model = AccuracyModel(radius: 3000, seed: 5, model: .white)
        for point in [Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -12, longitude: 180)] {
            for _ in 0..<50 {
                let reported = model.report(point, at: 0)
                #expect(reported.isValid)
                #expect(wgs84.distance(from: point, to: reported) <= 3000 + 1e-6)
            }
        }
    }

    @Test(arguments: [5.0, 100, 1000, 5000, 25_000])
    func displacementFollowsTheExactGeodesicForTheSameDraws(radius: Double) {
        // The model's two draws, replayed: the reported point is the exact direct solution over
        // r = (radius − margin)·√u on bearing 360°·v, rounded to 1e-6° (so within the rounding
        // margin), to within the local method's guard and tolerance.
        var model = AccuracyModel(radius: radius, seed: 42, model: .white)
        var draws = SplitMix64(seed: 42)
        let disc = radius - AccuracyModel.quantizationMargin
        for _ in 0..<200 {
            let u = draws.nextUnit()
            let v = draws.nextUnit()
            let expected = wgs84.direct(from: here, azimuth: 360 * v, distance: disc * u.squareRoot()).coordinate
            #expect(wgs84.distance(from: model.report(here, at: 0), to: expected) <= AccuracyModel.quantizationMargin)
        }
    }

    @Test(arguments: [AccuracyModel.quantizationMargin * 2, 1, 5, 1000])
    func printedPositionsAreOnTheTranscriptGridAndInsideTheDisc(radius: Double) {
        // What a reader of the transcript sees (6 decimals) is exactly the reported position,
        // and it lies within horizontalAccuracy of the true one, at any latitude.
        for latitude in stride(from: -80.0, through: 80, by: 20) {
            let truth = Coordinate(latitude: latitude + 0.123456789, longitude: 12.987654321)
            var model = AccuracyModel(radius: radius, seed: UInt64(latitude + 100), model: .white)
            for _ in 0..<500 {
                let reported = model.report(truth, at: 0)
                #expect((reported.latitude * 1e6).rounded() / 1e6 == reported.latitude)
                #expect((reported.longitude * 1e6).rounded() / 1e6 == reported.longitude)
                #expect(wgs84.distance(from: truth, to: reported) <= radius)
            }
        }
    }
}
