import LocSimLocationCore
import Testing

/// The locations among `events`.
func locations(_ events: [EngineEvent]) -> [Location] {
    events.compactMap { event in
        if case .location(let location) = event { return location }
        return nil
    }
}

@Suite struct LocationEngineTests {
    static let start = Coordinate(latitude: 29.7965, longitude: -91.501)

    /// The point `metres` from ``start`` on `azimuth`.
    static func at(_ metres: Double, azimuth: Double = 40) -> Coordinate {
        Geodesic.wgs84.direct(from: start, azimuth: azimuth, distance: metres).coordinate
    }

    static func engine(
        filter: DistanceFilter = .default, accuracy: DesiredAccuracy = .default, significantChange: Bool = false,
        authorization: AuthorizationStatus = .authorizedAlways, seed: UInt64 = 0, noise: Bool = false
    ) -> LocationEngine {
        var engine = LocationEngine(
            configuration: .init(
                desiredAccuracy: accuracy, distanceFilter: filter, significantChange: significantChange,
                authorization: authorization, seed: seed, noise: noise))
        _ = engine.start(at: 0)
        return engine
    }

    // MARK: distance filter

    @Test(arguments: [(2999.9, false), (3000.1, true), (3000.0, true), (0.0, false), (10_000, true)])
    func theFilterIsInclusiveAtItsBoundary(move: Double, delivered: Bool) {
        var engine = Self.engine()
        #expect(locations(engine.ingest(RawFix(t: 0, coordinate: Self.start))).count == 1)
        let second = locations(engine.ingest(RawFix(t: 1, coordinate: Self.at(move))))
        #expect(second.count == (delivered ? 1 : 0))
    }

    @Test(arguments: [DistanceFilter.metres(3000), .metres(1e9), .none, .metres(0)])
    func theFirstFixIsAlwaysDelivered(filter: DistanceFilter) {
        var engine = Self.engine(filter: filter, noise: true)
        let delivered = locations(engine.ingest(RawFix(t: 5, coordinate: Self.start)))
        #expect(delivered.count == 1)
        #expect(delivered.first?.timestamp == 5)
    }

    @Test func noneDeliversEveryFixEvenWithoutMoving() {
        var engine = Self.engine(filter: .none)
        let delivered = (0..<10).flatMap { locations(engine.ingest(RawFix(t: Double($0), coordinate: Self.start))) }
        #expect(delivered.map(\.timestamp) == (0..<10).map(Double.init))
    }

    @Test func distanceIsMeasuredFromThePreviouslyDeliveredFix() {
        // A creeping track of 100 m steps: each step alone never reaches 3000 m, but the distance
        // from the last *delivered* fix does every 30 steps.
        var engine = Self.engine()
        var deliveredAt: [Int] = []
        for step in 0...100 {
            let raw = RawFix(t: Double(step), coordinate: Self.at(Double(step) * 100))
            if !locations(engine.ingest(raw)).isEmpty { deliveredAt.append(step) }
        }
        #expect(deliveredAt == [0, 30, 60, 90])
    }

    @Test func distanceIsMeasuredBetweenReportedPositions() {
        // With noise, the delivered fix's reported position is the reference: a raw fix exactly
        // 3000 m from the true start is delivered iff its reported position is ≥ 3000 m from the
        // first reported one.
        for seed in UInt64(0)..<50 {
            var engine = Self.engine(seed: seed, noise: true)
            let first = locations(engine.ingest(RawFix(t: 0, coordinate: Self.start)))[0]
            var reference = LocationEngine(
                configuration: .init(distanceFilter: .none, seed: seed, noise: true))
            _ = reference.start(at: 0)
            _ = reference.ingest(RawFix(t: 0, coordinate: Self.start))
            let reported = locations(reference.ingest(RawFix(t: 1, coordinate: Self.at(3000))))[0]
            let expected = Geodesic.wgs84.distance(from: first.coordinate, to: reported.coordinate) >= 3000
            #expect(locations(engine.ingest(RawFix(t: 1, coordinate: Self.at(3000)))).count == (expected ? 1 : 0))
        }
    }

    @Test func everyRawFixDrawsItsErrorInOrderDeliveredOrNot() {
        // The filtered run's deliveries are exactly the unfiltered run's fixes at the same indices.
        var all = Self.engine(filter: .none, seed: 77, noise: true)
        var filtered = Self.engine(filter: .metres(2500), seed: 77, noise: true)
        for step in 0..<200 {
            let raw = RawFix(t: Double(step), coordinate: Self.at(Double(step) * 97))
            let unfiltered = locations(all.ingest(raw))
            for location in locations(filtered.ingest(raw)) {
                #expect(location == unfiltered.first)
            }
        }
    }

    @Test func locationsCarryTheRadiusAndTheRawFixFields() {
        var engine = Self.engine(filter: .none, accuracy: .hundredMeters, noise: true)
        let raw = RawFix(
            t: 12.5, coordinate: Self.start, altitude: 8, speed: 20, course: 270, sourceTime: 1_795_990_774)
        let location = locations(engine.ingest(raw))[0]
        #expect(location.horizontalAccuracy == 100)
        #expect(location.altitude == 8)
        #expect(location.speed == 20)
        #expect(location.course == 270)
        #expect(location.timestamp == 12.5)
        #expect(location.sourceTime == 1_795_990_774)
        #expect(location.coordinate != Self.start)
        #expect(Geodesic.wgs84.distance(from: Self.start, to: location.coordinate) <= 100)
    }

    @Test(arguments: [DesiredAccuracy.best, .bestForNavigation])
    func bestAccuraciesReportFiveMetres(accuracy: DesiredAccuracy) {
        var engine = Self.engine(filter: .none, accuracy: accuracy, noise: true)
        #expect(locations(engine.ingest(RawFix(t: 0, coordinate: Self.start)))[0].horizontalAccuracy == 5)
    }

    @Test func noNoiseReportsTruePositionsWithTheRadius() {
        var engine = Self.engine(filter: .none, accuracy: .kilometer, noise: false)
        let location = locations(engine.ingest(RawFix(t: 0, coordinate: Self.start)))[0]
        #expect(location.coordinate == Self.start)
        #expect(location.horizontalAccuracy == 1000)
    }

    @Test func sameSeedSameOutputDifferentSeedDifferentOutput() {
        func run(seed: UInt64) -> [EngineEvent] {
            var engine = LocationEngine(configuration: .init(distanceFilter: .metres(500), seed: seed))
            var events = engine.start(at: 0)
            for step in 0..<300 {
                events += engine.ingest(RawFix(t: Double(step), coordinate: Self.at(Double(step) * 37)))
            }
            return events
        }
        #expect(run(seed: 4) == run(seed: 4))
        #expect(run(seed: 4) != run(seed: 5))
    }

    // MARK: authorization

    @Test(arguments: AuthorizationStatus.allCases)
    func theFirstEventReportsAuthorization(status: AuthorizationStatus) {
        var engine = LocationEngine(configuration: .init(authorization: status))
        let events = engine.start(at: 0)
        #expect(events.first == .authorization(status))
        let fixes = (0..<5).flatMap { engine.ingest(RawFix(t: Double($0), coordinate: Self.at(Double($0) * 5000))) }
        switch status {
        case .authorizedAlways, .authorizedWhenInUse:
            #expect(events.count == 1)
            #expect(locations(fixes).count == 5)
        case .denied, .restricted:
            #expect(events == [.authorization(status), .error(code: 1, message: EngineEvent.deniedMessage)])
            #expect(fixes.isEmpty)
        case .notDetermined:
            #expect(events == [.authorization(.notDetermined)])
            #expect(fixes.isEmpty)
        }
        #expect(engine.start(at: 1).isEmpty)
    }

    @Test func fixesBeforeStartAndAfterFinishAreIgnored() {
        var engine = LocationEngine()
        #expect(engine.ingest(RawFix(t: 0, coordinate: Self.start)).isEmpty)
        _ = engine.start(at: 1)
        #expect(locations(engine.ingest(RawFix(t: 1, coordinate: Self.start))).count == 1)
        _ = engine.finish(at: 2)
        #expect(engine.ingest(RawFix(t: 3, coordinate: Self.at(10_000))).isEmpty)
    }

    // MARK: significant change

    @Test func significantChangeDeliversTheFirstFixAndIgnoresFilterAndAccuracy() {
        var engine = Self.engine(filter: .none, accuracy: .best, significantChange: true, noise: true)
        let first = locations(engine.ingest(RawFix(t: 0, coordinate: Self.start)))
        #expect(first.count == 1)
        #expect(first[0].horizontalAccuracy == LocationEngine.significantChangeAccuracy)
        // `.none` would deliver this; significant change does not (no 500 m move).
        #expect(engine.ingest(RawFix(t: 400, coordinate: Self.at(10))).isEmpty)
    }

    /// (move in metres, at seconds after the first delivery, delivered at once).
    @Test(arguments: [
        (600.0, 400.0, true), (600, 300, true), (500, 300, true), (499.9, 400, false), (500.1, 301, true),
        (10_000, 299.9, false), (499.9, 299.9, false),
    ])
    func significantChangeNeeds500MetresAnd300Seconds(move: Double, at t: Double, immediate: Bool) {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        let delivered = locations(engine.ingest(RawFix(t: t, coordinate: Self.at(move))))
        #expect(delivered.count == (immediate ? 1 : 0))
        if !immediate && move >= 500 {
            #expect(engine.nextDeadline == 300)
        } else {
            #expect(engine.nextDeadline == nil)
        }
    }

    @Test func anEarlyMoveIsDeliveredWithTheLatestPositionWhenFiveMinutesAreUp() {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        #expect(engine.ingest(RawFix(t: 100, coordinate: Self.at(600))).isEmpty)
        #expect(engine.nextDeadline == 300)
        #expect(engine.ingest(RawFix(t: 200, coordinate: Self.at(900))).isEmpty)
        #expect(engine.advance(to: 299.999).isEmpty)
        let deferred = locations(engine.advance(to: 300))
        #expect(deferred.count == 1)
        #expect(deferred.first?.coordinate == Self.at(900))
        #expect(deferred.first?.timestamp == 200)
        #expect(engine.nextDeadline == nil)
        // The next window counts from the deferred delivery at 300 s.
        #expect(engine.ingest(RawFix(t: 599, coordinate: Self.at(2000))).isEmpty)
        #expect(engine.nextDeadline == 600)
        #expect(locations(engine.advance(to: 600)).first?.coordinate == Self.at(2000))
    }

    @Test func aFixAtTheDeadlineIsTheLatestPosition() {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        _ = engine.ingest(RawFix(t: 100, coordinate: Self.at(600)))
        let delivered = locations(engine.ingest(RawFix(t: 300, coordinate: Self.at(800))))
        #expect(delivered.map(\.coordinate) == [Self.at(800)])
        #expect(engine.nextDeadline == nil)
    }

    @Test func anOverdueDeadlineIsDeliveredBeforeTheNextFix() {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        _ = engine.ingest(RawFix(t: 100, coordinate: Self.at(600)))
        let delivered = locations(engine.ingest(RawFix(t: 700, coordinate: Self.at(5000))))
        // The deferred one (600 m, at 300 s), then the new fix: 4400 m and 400 s after it.
        #expect(delivered.map(\.coordinate) == [Self.at(600), Self.at(5000)])
    }

    @Test func aMoveBackAfterQualifyingIsStillDelivered() {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        _ = engine.ingest(RawFix(t: 100, coordinate: Self.at(600)))
        _ = engine.ingest(RawFix(t: 200, coordinate: Self.at(50)))
        #expect(locations(engine.advance(to: 300)).map(\.coordinate) == [Self.at(50)])
    }

    @Test func finishDropsADeliveryThatIsNotYetDue() {
        var engine = Self.engine(significantChange: true)
        _ = engine.ingest(RawFix(t: 0, coordinate: Self.start))
        _ = engine.ingest(RawFix(t: 100, coordinate: Self.at(600)))
        #expect(engine.finish(at: 150).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.advance(to: 1000).isEmpty)

        var draining = Self.engine(significantChange: true)
        _ = draining.ingest(RawFix(t: 0, coordinate: Self.start))
        _ = draining.ingest(RawFix(t: 100, coordinate: Self.at(600)))
        #expect(locations(draining.finish(at: 300)).count == 1)
    }

    @Test func aParkedDeviceNeverMakesASignificantChangeOutOfNoise() {
        for seed in UInt64(0)..<20 {
            var engine = Self.engine(significantChange: true, seed: seed, noise: true)
            var delivered = 0
            for step in 0..<200 {
                delivered += locations(engine.ingest(RawFix(t: Double(step) * 60, coordinate: Self.start))).count
            }
            #expect(delivered == 1)
        }
    }
}
