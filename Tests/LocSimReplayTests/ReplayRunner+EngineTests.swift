import Foundation
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport
import Testing

/// The engine's rules seen through the whole pipeline (GPX file → transcript), with `--no-noise`.
@Suite struct ReplayRunnerEngineTests {
    static let start = Coordinate(latitude: 29.0, longitude: -91.5)

    /// A point `metres` north of `origin` (the direct geodesic problem along a meridian).
    static func north(of origin: Coordinate, _ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: metres).coordinate
    }

    /// Timed points (10 s apart) at the given coordinates, replayed points-only.
    static func track(_ coordinates: [Coordinate]) -> String {
        GPXFixture.track(coordinates.enumerated().map { GPXFixture.Point($1, time: Double($0) * 10) })
    }

    @Test func theFilterIsMeasuredFromThePreviouslyDeliveredFix() throws {
        let p1 = Self.north(of: Self.start, 2999.9)
        let p2 = Self.north(of: Self.start, 3000.1)
        // 2999.9 m from p2, but 3000.1 m from p1 (the last fix, not delivered).
        let p3 = Self.north(of: p2, 2999.9)
        let p4 = Self.north(of: p2, 3000.1)
        #expect(Geodesic.wgs84.distance(from: p1, to: p3) > 3000)
        let outcome = try replay(
            Self.track([Self.start, p1, p2, p3, p4]), testConfiguration(distanceFilter: .metres(3000)))
        #expect(outcome.lines(.location).map(\.t) == [0, 20, 40])
        let delivered = outcome.lines(.location).compactMap(\.coordinate)
        for (got, want) in zip(delivered, [Self.start, p2, p4]) {
            #expect(abs(got.latitude - want.latitude) < 5e-7)
            #expect(abs(got.longitude - want.longitude) < 5e-7)
        }
    }

    @Test(arguments: [(2999.9, false), (3000.1, true)])
    func aMoveJustShortOfTheFilterIsHeldBack(metres: Double, delivered: Bool) throws {
        let outcome = try replay(
            Self.track([Self.start, Self.north(of: Self.start, metres)]),
            testConfiguration(distanceFilter: .metres(3000)))
        #expect(outcome.lines(.location).map(\.t) == (delivered ? [0, 10] : [0]))
    }

    @Test func filterNoneDeliversEveryFix() throws {
        let points = (0..<5).map { Self.north(of: Self.start, Double($0) * 0.5) }
        let outcome = try replay(Self.track(points), testConfiguration(distanceFilter: .none))
        #expect(outcome.lines(.location).count == 5)
    }

    /// 500 m and 300 s, both inclusive; an early qualifying move is delivered at the deadline
    /// with the latest position.
    @Test func significantChangeGates() throws {
        let points: [(Double, Double)] = [
            (0, 0), (100, 600), (200, 650), (400, 700), (700, 1200), (800, 1690), (1100, 1701),
        ]
        let gpx = GPXFixture.track(points.map { GPXFixture.Point(Self.north(of: Self.start, $0.1), time: $0.0) })
        var configuration = testConfiguration(distanceFilter: .metres(3000))
        configuration.engine.significantChange = true
        let outcome = try replay(gpx, configuration)
        let locations = outcome.lines(.location)
        #expect(locations.map(\.t) == [0, 300, 700, 1100])
        // The delivery at 300 carries the fix taken at 200 (650 m): the latest position.
        let timestamp = ISO8601Timestamp.format(epochSeconds: GPXFixture.epoch + 200)
        #expect(locations[1]["timestamp"] == timestamp)
        let expected = Self.north(of: Self.start, 650)
        #expect(abs((locations[1].coordinate?.latitude ?? 0) - expected.latitude) < 5e-7)
        #expect(locations.allSatisfy { $0["horizontalAccuracy"] == "100" })
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted])
    func refusedAuthorizationReportsStatusAndDenialOnly(status: AuthorizationStatus) throws {
        var configuration = testConfiguration()
        configuration.engine.authorization = status
        let outcome = try replay(ReplayRunnerTests.straight, configuration)
        #expect(
            outcome.jsonl == """
                {"event":"authorization","name":"\(status.name)","status":\(status.rawValue),"t":0.000}
                {"code":1,"event":"location_error","message":"The operation couldn't be completed. (kCLErrorDomain error 1.)","t":0.000}

                """)
        #expect(outcome.summary.rawFixes == 61)
        #expect(outcome.summary.geocoding.fixes == 0)
    }

    @Test func notDeterminedReportsTheStatusAndNothingElse() throws {
        var configuration = testConfiguration()
        configuration.engine.authorization = .notDetermined
        let outcome = try replay(ReplayRunnerTests.straight, configuration)
        #expect(outcome.jsonl == #"{"event":"authorization","name":"notDetermined","status":0,"t":0.000}"# + "\n")
    }

    @Test func whenInUseDelivers() throws {
        var configuration = testConfiguration()
        configuration.engine.authorization = .authorizedWhenInUse
        let outcome = try replay(ReplayRunnerTests.straight, configuration)
        #expect(outcome.lines.first?["status"] == "4")
        #expect(outcome.lines(.location).count == 61)
    }
}
