import LocSimLocationCore
import Testing

/// The engine draws every fix's error but displaces only fixes that could reach the distance
/// filter. These tests hold it to the plain definition: displace every fix, then filter.
@Suite struct LazyDisplacementTests {
    /// The reference: `report` on every fix, the first one delivered, then each fix at least
    /// `distanceFilter` from the last delivered (reported) one.
    static func reference(
        _ fixes: [RawFix], radius: Double, filter: Double, seed: UInt64, noise: Bool, model noiseModel: NoiseModel
    ) -> [Coordinate] {
        var model = AccuracyModel(radius: radius, seed: seed, noise: noise, model: noiseModel)
        let threshold = DistanceThreshold(filter)
        var delivered: [Coordinate] = []
        for fix in fixes {
            let reported = model.report(fix.coordinate, at: fix.t)
            if let last = delivered.last, !threshold.isReached(from: last, to: reported) { continue }
            delivered.append(reported)
        }
        return delivered
    }

    static func engine(
        _ fixes: [RawFix], accuracy: DesiredAccuracy, filter: Double, seed: UInt64, noise: Bool, model: NoiseModel
    ) -> [Coordinate] {
        var engine = LocationEngine(
            configuration: .init(
                desiredAccuracy: accuracy, distanceFilter: .metres(filter), seed: seed, noise: noise, noiseModel: model)
        )
        _ = engine.start(at: 0)
        return fixes.flatMap { engine.ingest($0) }.compactMap { event in
            if case .location(let location) = event { return location.coordinate }
            return nil
        }
    }

    /// A seeded random walk whose steps (0–`maxStep` m) keep many fixes near the threshold.
    static func walk(count: Int, maxStep: Double, seed: UInt64) -> [RawFix] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var here = Coordinate(latitude: -60 + 120 * next(), longitude: -180 + 360 * next())
        return (0..<count).map { index in
            here = Geodesic.wgs84.direct(from: here, azimuth: 360 * next(), distance: maxStep * next()).coordinate
            return RawFix(t: Double(index), coordinate: here)
        }
    }

    @Test(arguments: [
        (DesiredAccuracy.kilometer, 3000.0), (.kilometer, 1000.5), (.kilometer, 1000.0), (.hundredMeters, 150),
        (.threeKilometers, 5000), (.best, 10), (.nearestTenMeters, 10.02), (.metres(2999.99), 3000), (.reduced, 20000),
        // Radii below the 0.08 m rounding margin: rounding to 1e-6° still moves a point ~8 cm.
        (.metres(0.001), 1), (.metres(0.01), 2), (.metres(0.05), 5), (.metres(0.001), 0.1),
    ])
    func deliversExactlyWhatDisplacingEveryFixDelivers(accuracy: DesiredAccuracy, filter: Double) {
        for seed: UInt64 in [1, 2, 3] {
            for maxStep in [filter / 4, filter, 3 * filter] {
                let fixes = Self.walk(count: 1_500, maxStep: maxStep, seed: seed &* 977 &+ UInt64(maxStep))
                for (noise, model) in [(true, NoiseModel.correlated), (true, .white), (false, .correlated)] {
                    let expected = Self.reference(
                        fixes, radius: accuracy.radius, filter: filter, seed: seed, noise: noise, model: model)
                    let actual = Self.engine(
                        fixes, accuracy: accuracy, filter: filter, seed: seed, noise: noise, model: model)
                    #expect(actual == expected, "seed \(seed), step \(maxStep), noise \(noise), \(model)")
                    #expect(expected.count > 1)
                }
            }
        }
    }

    @Test func reportIsDisplaceByDraw() {
        let here = Coordinate(latitude: 29.8, longitude: -91.5)
        var a = AccuracyModel(radius: 1000, seed: 42)
        var b = AccuracyModel(radius: 1000, seed: 42)
        for index in 0..<100 {
            let reported = a.report(here, at: Double(index))
            let draw = b.draw(at: Double(index))
            #expect(draw != nil)
            #expect(b.displace(here, by: draw) == reported)
        }
        #expect(a.maximumDisplacement == 1000)
        #expect(AccuracyModel(radius: 0.001, seed: 1).maximumDisplacement == AccuracyModel.quantizationMargin)
    }

    /// `reach(of:)`, which the engine's lazy displacement trusts, bounds every reported position's
    /// distance from the true one, on the local expansion and on the exact solution (radii beyond
    /// its reach, latitudes near the poles), and never exceeds `maximumDisplacement`.
    @Test(arguments: [0.001, 0.05, 5, 10, 100, 1000, 3000, 20_000])
    func reachBoundsTheDisplacement(radius: Double) {
        var rng = SplitMix64(seed: UInt64(radius * 1000))
        for model in [NoiseModel.correlated, .white] {
            var accuracy = AccuracyModel(radius: radius, seed: 9, model: model)
            for index in 0..<3000 {
                let latitude = index % 5 == 0 ? 89.9 * (2 * rng.nextUnit() - 1) : 70 * (2 * rng.nextUnit() - 1)
                let here = Coordinate(latitude: latitude, longitude: 360 * rng.nextUnit() - 180)
                let draw = accuracy.draw(at: Double(index))
                let reported = accuracy.displace(here, by: draw)
                let reach = accuracy.reach(of: draw)
                #expect(Geodesic.wgs84.distance(from: here, to: reported) <= reach, "\(model) \(here) → \(reported)")
                #expect(reach <= accuracy.maximumDisplacement)
            }
        }
        #expect(AccuracyModel(radius: radius, seed: 1).reach(of: nil) == 0)
    }

    @Test func withoutNoiseNothingIsDrawnOrMoved() {
        var model = AccuracyModel(radius: 1000, seed: 42, noise: false)
        #expect(model.draw(at: 0) == nil)
        let here = Coordinate(latitude: 1, longitude: 2)
        #expect(model.displace(here, by: nil) == here)
        #expect(model.maximumDisplacement == 0)
    }
}
