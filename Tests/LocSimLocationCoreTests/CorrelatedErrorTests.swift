import LocSimLocationCore
import Testing

/// The correlated error model (the default): bounded by the reported accuracy, small steps
/// between consecutive fixes of a parked device, yet exploring the disc over minutes.
/// docs/engine.md ("Correlated error") quotes the statistics these tests measure.
@Suite struct CorrelatedErrorTests {
    static let here = Coordinate(latitude: 40.75, longitude: -73.99)
    static let wgs84 = Geodesic.wgs84

    /// A parked device at 1 Hz for `seconds`, every fix delivered.
    static func parked(accuracy: DesiredAccuracy, seed: UInt64, seconds: Int = 600) -> [Location] {
        var engine = LocationEngine(
            configuration: .init(desiredAccuracy: accuracy, distanceFilter: .none, seed: seed))
        _ = engine.start(at: 0)
        return (0..<seconds).flatMap { engine.ingest(RawFix(t: Double($0), coordinate: here)) }.compactMap {
            if case .location(let location) = $0 { return location }
            return nil
        }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static let classes: [DesiredAccuracy] = [.best, .nearestTenMeters, .hundredMeters, .kilometer, .threeKilometers]

    @Test(arguments: classes) func neverBeyondTheReportedAccuracy(accuracy: DesiredAccuracy) {
        for seed in UInt64(0)..<100 {
            for location in Self.parked(accuracy: accuracy, seed: seed, seconds: 300) {
                let displacement = Self.wgs84.distance(from: Self.here, to: location.coordinate)
                #expect(displacement <= location.horizontalAccuracy)
                #expect(location.horizontalAccuracy <= accuracy.radius)
            }
        }
    }

    /// Median jump between fixes 1 s apart, and the median (over seeds) of the farthest two
    /// reported positions of ten minutes apart, both as fractions of the radius.
    static func statistics(_ accuracy: DesiredAccuracy, seeds: Range<UInt64>) -> (jump: Double, spread: Double) {
        var jumps: [Double] = []
        var spreads: [Double] = []
        for seed in seeds {
            let fixes = Self.parked(accuracy: accuracy, seed: seed)
            for (a, b) in zip(fixes, fixes.dropFirst()) {
                jumps.append(Self.wgs84.distance(from: a.coordinate, to: b.coordinate) / accuracy.radius)
            }
            let first = fixes[0].coordinate
            spreads.append(fixes.map { Self.wgs84.distance(from: first, to: $0.coordinate) }.max()! / accuracy.radius)
        }
        return (median(jumps), median(spreads))
    }

    @Test(arguments: classes) func parkedDeviceMovesLittleButExploresTheDisc(accuracy: DesiredAccuracy) {
        let (jump, spread) = Self.statistics(accuracy, seeds: 0..<50)
        #expect(jump < 0.1)
        #expect(spread > 0.4)
    }

    @Test func whiteNoiseJumpsAcrossTheDisc() {
        var engine = LocationEngine(
            configuration: .init(desiredAccuracy: .kilometer, distanceFilter: .none, seed: 1, noiseModel: .white))
        _ = engine.start(at: 0)
        let fixes = (0..<600).flatMap { engine.ingest(RawFix(t: Double($0), coordinate: Self.here)) }.compactMap {
            if case .location(let location) = $0 { return location }
            return nil
        }
        let jumps = zip(fixes, fixes.dropFirst()).map { Self.wgs84.distance(from: $0.coordinate, to: $1.coordinate) }
        #expect(Self.median(jumps) > 500)
        #expect(fixes.allSatisfy { $0.horizontalAccuracy == 1000 })
    }

    @Test func accuracyVariesBetweenTheClassLevels() {
        let levels: Set<Double> = [300, 650, 1000]
        var seen: Set<Double> = []
        var varying = 0
        for seed in UInt64(0)..<20 {
            let values = Set(Self.parked(accuracy: .kilometer, seed: seed).map(\.horizontalAccuracy))
            #expect(values.isSubset(of: levels))
            seen.formUnion(values)
            if values.count >= 2 { varying += 1 }
        }
        #expect(seen == levels)
        // The level holds 120 s on average; in ten minutes most runs see more than one.
        #expect(varying >= 15)
    }

    @Test func sameSeedSameFixes() {
        #expect(Self.parked(accuracy: .hundredMeters, seed: 7) == Self.parked(accuracy: .hundredMeters, seed: 7))
        #expect(Self.parked(accuracy: .hundredMeters, seed: 7) != Self.parked(accuracy: .hundredMeters, seed: 8))
    }

    @Test func noNoiseReportsTruthAtTheRadius() {
        var engine = LocationEngine(configuration: .init(distanceFilter: .none, noise: false))
        _ = engine.start(at: 0)
        let events =
            engine.ingest(RawFix(t: 0, coordinate: Self.here)) + engine.ingest(RawFix(t: 1, coordinate: Self.here))
        for case .location(let location) in events {
            #expect(location.coordinate == Self.here)
            #expect(location.horizontalAccuracy == 1000)
        }
    }

    /// Prints the statistics docs/engine.md quotes (run with `--filter printStatistics`).
    @Test func printStatistics() {
        for accuracy in Self.classes {
            let (jump, spread) = Self.statistics(accuracy, seeds: 0..<200)
            print("stat \(accuracy.argument): median jump \(jump) R, median 10-min spread \(spread) R")
        }
    }
}
