import LocSimLocationCore
import Testing

/// ``LocationEngine/apply(_:at:)``: what each scripted event tells the app and what it does to
/// deliveries.
@Suite struct LocationEngineEventTests {
    static let denial: [EngineEvent] = [
        .authorization(.denied), .error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage),
    ]

    static func fix(_ t: Double, _ metres: Double = 0) -> RawFix {
        RawFix(t: t, coordinate: LocationEngineTests.at(metres))
    }

    @Test func aDenialReportsTheStatusAndTheErrorThenNothingIsDelivered() {
        var engine = LocationEngineTests.engine(filter: .none)
        #expect(locations(engine.ingest(Self.fix(0))).count == 1)
        #expect(engine.apply(.authorizationChanged(.denied), at: 1) == Self.denial)
        #expect(!engine.isRunning)
        #expect(engine.ingest(Self.fix(2, 5000)).isEmpty)
        #expect(
            engine.apply(.authorizationChanged(.restricted), at: 3) == [
                .authorization(.restricted), .error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage),
            ])
        #expect(engine.apply(.authorizationChanged(.notDetermined), at: 4) == [.authorization(.notDetermined)])
    }

    @Test func aGrantResumesWithTheNextFixWhateverTheFilter() {
        var engine = LocationEngineTests.engine()
        _ = engine.ingest(Self.fix(0))
        _ = engine.apply(.authorizationChanged(.denied), at: 1)
        #expect(
            engine.apply(.authorizationChanged(.authorizedWhenInUse), at: 2) == [.authorization(.authorizedWhenInUse)])
        // 10 m from the last delivery, far short of the 3000 m filter: delivered as the first.
        #expect(locations(engine.ingest(Self.fix(3, 10))).map(\.timestamp) == [3])
        #expect(locations(engine.ingest(Self.fix(4, 20))).isEmpty)
    }

    @Test func anEventThatChangesNothingReportsNothing() {
        var engine = LocationEngineTests.engine()
        #expect(engine.apply(.authorizationChanged(.authorizedAlways), at: 1).isEmpty)
        #expect(engine.apply(.locationServices(enabled: true), at: 2).isEmpty)
        #expect(engine.apply(.preciseLocation(on: true), at: 3).isEmpty)
        #expect(engine.apply(.foreground, at: 4).isEmpty)
    }

    @Test func locationServicesOffReportDeniedAndOnRestoresTheAppsStatus() {
        var engine = LocationEngineTests.engine(filter: .none, authorization: .authorizedWhenInUse)
        #expect(engine.apply(.locationServices(enabled: false), at: 1) == Self.denial)
        #expect(engine.authorizationStatus == .denied)
        #expect(!engine.locationServicesEnabled)
        #expect(engine.ingest(Self.fix(2)).isEmpty)
        // The app's own status changes while services are off: nothing visible, denied stays.
        #expect(engine.apply(.authorizationChanged(.authorizedAlways), at: 3).isEmpty)
        #expect(engine.apply(.locationServices(enabled: true), at: 4) == [.authorization(.authorizedAlways)])
        #expect(locations(engine.ingest(Self.fix(5))).count == 1)
    }

    @Test func whenInUseStopsInTheBackgroundAndResumesInTheForeground() {
        var engine = LocationEngineTests.engine(filter: .none, authorization: .authorizedWhenInUse)
        #expect(engine.apply(.background, at: 1).isEmpty)
        #expect(engine.applicationState == .background)
        #expect(!engine.isRunning)
        #expect(engine.ingest(Self.fix(2)).isEmpty)
        #expect(engine.apply(.foreground, at: 3).isEmpty)
        #expect(locations(engine.ingest(Self.fix(4))).count == 1)
        // Always in the background, and when-in-use → always while there.
        var always = LocationEngineTests.engine(filter: .none)
        _ = always.apply(.background, at: 1)
        #expect(locations(always.ingest(Self.fix(2))).count == 1)
        _ = engine.apply(.background, at: 5)
        #expect(engine.ingest(Self.fix(6)).isEmpty)
        _ = engine.apply(.authorizationChanged(.authorizedAlways), at: 7)
        #expect(locations(engine.ingest(Self.fix(8))).count == 1)
    }

    @Test func preciseLocationOffReducesTheAccuracyFromItsInstant() {
        var engine = LocationEngineTests.engine(filter: .none, accuracy: .hundredMeters)
        #expect(locations(engine.ingest(Self.fix(0))).map(\.horizontalAccuracy) == [100])
        #expect(engine.apply(.preciseLocation(on: false), at: 1) == [.authorization(.authorizedAlways)])
        #expect(engine.accuracyAuthorization == .reducedAccuracy)
        #expect(locations(engine.ingest(Self.fix(2))).map(\.horizontalAccuracy) == [DesiredAccuracy.reduced.radius])
        #expect(engine.apply(.preciseLocation(on: true), at: 3) == [.authorization(.authorizedAlways)])
        #expect(locations(engine.ingest(Self.fix(4))).map(\.horizontalAccuracy) == [100])
    }

    @Test func withNoiseTheReducedRunIsTheSameForTheSameSeedAndWithinTheReducedRadius() {
        func run() -> [Location] {
            var engine = LocationEngineTests.engine(filter: .none, seed: 7, noise: true)
            var delivered: [Location] = []
            for t in 0..<20 {
                if t == 10 { _ = engine.apply(.preciseLocation(on: false), at: Double(t)) }
                delivered += locations(engine.ingest(Self.fix(Double(t), Double(t) * 30)))
            }
            return delivered
        }
        let first = run()
        #expect(first == run())
        #expect(first.prefix(10).allSatisfy { $0.horizontalAccuracy <= 1000 })
        #expect(first.suffix(10).allSatisfy { $0.horizontalAccuracy > 1000 && $0.horizontalAccuracy <= 5000 })
    }

    @Test func aFixReportsTheSamePositionWhetherOrNotUpdatesWereSuspendedBeforeIt() {
        func run(suspending: Bool) -> [Double: Location] {
            var engine = LocationEngineTests.engine(filter: .none, authorization: .authorizedWhenInUse, noise: true)
            var delivered: [Double: Location] = [:]
            for t in 0..<10 {
                if suspending, t == 3 { _ = engine.apply(.background, at: 2.5) }
                if suspending, t == 6 { _ = engine.apply(.foreground, at: 5.5) }
                for location in locations(engine.ingest(Self.fix(Double(t), Double(t) * 50))) {
                    delivered[location.timestamp] = location
                }
            }
            return delivered
        }
        let suspended = run(suspending: true)
        let always = run(suspending: false)
        #expect(suspended.keys.sorted() == [0, 1, 2, 6, 7, 8, 9])
        for (t, location) in suspended { #expect(always[t] == location) }
    }

    @Test func aDenialDropsADeferredSignificantChange() {
        var engine = LocationEngineTests.engine(significantChange: true)
        _ = engine.ingest(Self.fix(0))
        _ = engine.ingest(Self.fix(10, 1000))
        #expect(engine.nextDeadline == 300)
        _ = engine.apply(.authorizationChanged(.denied), at: 20)
        #expect(engine.nextDeadline == nil)
        #expect(engine.advance(to: 300).isEmpty)
    }

    @Test func beforeTheStartAnEventChangesTheStateTheStartReports() {
        var engine = LocationEngine(configuration: .init(noise: false))
        #expect(engine.apply(.locationServices(enabled: false), at: 0).isEmpty)
        #expect(engine.start(at: 0) == Self.denial)
        #expect(engine.ingest(Self.fix(0)).isEmpty)
        _ = engine.finish(at: 1)
        #expect(engine.apply(.locationServices(enabled: true), at: 2).isEmpty)
    }

    @Test(arguments: DriveEvent.Kind.allCases)
    func everyKindReadsBackItsSpelling(kind: DriveEvent.Kind) {
        #expect(DriveEvent.Kind(argument: kind.argument) == kind)
        #expect(DriveEvent(argument: "90.5=" + kind.argument) == DriveEvent(t: 90.5, kind: kind))
    }

    @Test(arguments: ["-1=background", "x=background", "10=sleep", "10", "=background", "inf=background"])
    func aBadEventArgumentIsRefused(argument: String) {
        #expect(DriveEvent(argument: argument) == nil)
    }
}
