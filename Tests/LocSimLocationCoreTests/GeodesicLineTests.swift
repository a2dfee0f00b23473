import LocSimLocationCore
import Testing

@Suite struct GeodesicLineTests {
    let wgs84 = Geodesic.wgs84

    @Test(arguments: GeodTestRow.rows)
    func directMatchesTheGeodTestSet(row: GeodTestRow) {
        let solution = wgs84.direct(
            from: Coordinate(latitude: row.lat1, longitude: row.lon1), azimuth: row.azi1, distance: row.s12)
        #expect(abs(solution.coordinate.latitude - row.lat2) < 1e-12)
        #expect(abs(longitudeDifference(solution.coordinate.longitude, row.lon2)) < 1e-12)
        #expect(abs(solution.finalAzimuth - row.azi2) < 1e-12)
        #expect(abs(solution.arcLength - row.a12) < 1e-12)
        // Back again: the inverse of the result is the requested distance to < 1 µm.
        let back = wgs84.distance(from: Coordinate(latitude: row.lat1, longitude: row.lon1), to: solution.coordinate)
        #expect(abs(back - row.s12) < 1e-6)
    }

    @Test func directMatchesGeodSolve() {
        // GeodSolve1: from JFK on 53.5° for 5850 km.
        let jfk = wgs84.direct(
            from: Coordinate(latitude: 40.63972222, longitude: -73.77888889), azimuth: 53.5, distance: 5_850e3)
        #expect(abs(jfk.coordinate.latitude - 49.01467) < 0.5e-5)
        #expect(abs(jfk.coordinate.longitude - 2.56106) < 0.5e-5)
        #expect(abs(jfk.finalAzimuth - 111.62947) < 0.5e-5)
        // GeodSolve5: to the north pole.
        let pole = wgs84.direct(from: Coordinate(latitude: 0.01777745589997, longitude: 30), azimuth: 0, distance: 10e6)
        #expect(abs(pole.coordinate.latitude - 90) < 0.5e-5)
        // GeodSolve73: backwards from the pole.
        let back = wgs84.direct(from: Coordinate(latitude: 90, longitude: 10), azimuth: 180, distance: -1e6)
        #expect(abs(back.coordinate.latitude - 81.04623) < 0.5e-5)
        #expect(abs(longitudeDifference(back.coordinate.longitude, -170)) < 0.5e-5)
        // GeodSolve71: halfway along a 10 000 km line.
        let half = wgs84.direct(from: Coordinate(latitude: 1, longitude: 2), azimuth: 45, distance: 0.5e7)
        #expect(abs(half.coordinate.latitude - 30.92625) < 0.5e-5)
        #expect(abs(half.coordinate.longitude - 37.54640) < 0.5e-5)
        #expect(abs(half.finalAzimuth - 55.43104) < 0.5e-5)
    }

    @Test func zeroDistanceStaysPut() {
        let start = Coordinate(latitude: 29.7965, longitude: -91.501)
        let solution = wgs84.direct(from: start, azimuth: 123, distance: 0)
        #expect(abs(solution.coordinate.latitude - start.latitude) < 1e-14)
        #expect(abs(solution.coordinate.longitude - start.longitude) < 1e-13)
    }

    @Test func directAcrossTheAntimeridianWrapsLongitude() {
        let solution = wgs84.direct(from: Coordinate(latitude: 0, longitude: 179.9), azimuth: 90, distance: 50_000)
        #expect(solution.coordinate.longitude < -179)
    }

    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.9, 1.0])
    func intermediateSplitsTheDistance(fraction: Double) {
        let a = Coordinate(latitude: 40.6, longitude: -73.8)
        let b = Coordinate(latitude: 49.01666667, longitude: 2.55)
        let total = wgs84.distance(from: a, to: b)
        let point = wgs84.intermediate(from: a, to: b, fraction: fraction)
        #expect(abs(wgs84.distance(from: a, to: point) - fraction * total) < 1e-6)
        #expect(abs(wgs84.distance(from: point, to: b) - (1 - fraction) * total) < 1e-6)
    }

    @Test func intermediateFromThePoleAndToTheAntipode() {
        let pole = Coordinate(latitude: 90, longitude: 0)
        let target = Coordinate(latitude: 80, longitude: 30)
        let total = wgs84.distance(from: pole, to: target)
        let mid = wgs84.intermediate(from: pole, to: target, fraction: 0.5)
        #expect(abs(mid.longitude - 30) < 1e-9)
        #expect(abs(wgs84.distance(from: mid, to: target) - total / 2) < 1e-6)

        let a = Coordinate(latitude: 10, longitude: 20)
        let antipode = Coordinate(latitude: -10, longitude: -160)
        let span = wgs84.distance(from: a, to: antipode)
        let quarter = wgs84.intermediate(from: a, to: antipode, fraction: 0.25)
        #expect(abs(wgs84.distance(from: a, to: quarter) - span / 4) < 1e-6)
    }

    @Test func aLineGivesEquallySpacedPoints() {
        let line = Geodesic.Line(geodesic: wgs84, start: Coordinate(latitude: 51.5, longitude: -0.12), azimuth: 100)
        var previous = line.start
        for step in 1...50 {
            let next = line.position(at: Double(step) * 1234.5).coordinate
            #expect(abs(wgs84.distance(from: previous, to: next) - 1234.5) < 1e-6)
            previous = next
        }
    }
}
