import LocSimLocationCore
import Testing

/// A row of GeographicLib's geodesic test set (GeodTest), as used by its own test suites:
/// lat1, lon1, azi1, lat2, lon2, azi2, s12 (m), a12 (°). Longitudes are unrolled there.
struct GeodTestRow: Sendable, CustomTestStringConvertible {
    var lat1, lon1, azi1, lat2, lon2, azi2, s12, a12: Double
    var testDescription: String { "(\(lat1), \(lon1)) → (\(lat2), \(lon2))" }

    static let rows: [GeodTestRow] = [
        .init(
            lat1: 35.60777, lon1: -139.44815, azi1: 111.098748429560326, lat2: -11.17491, lon2: -69.95921,
            azi2: 129.289270889708762, s12: 8935244.5604818305, a12: 80.50729714281974),
        .init(
            lat1: 55.52454, lon1: 106.05087, azi1: 22.020059880982801, lat2: 77.03196, lon2: 197.18234,
            azi2: 109.112041110671519, s12: 4105086.1713924406, a12: 36.892740690445894),
        .init(
            lat1: -21.97856, lon1: 142.59065, azi1: -32.44456876433189, lat2: 41.84138, lon2: 98.56635,
            azi2: -41.84359951440466, s12: 8394328.894657671, a12: 75.62930491011522),
        .init(
            lat1: -66.99028, lon1: 112.2363, azi1: 173.73491240878403, lat2: -12.70631, lon2: 285.90344,
            azi2: 2.512956620913668, s12: 11150344.2312080241, a12: 100.278634181155759),
        .init(
            lat1: -17.42761, lon1: 173.34268, azi1: -159.033557661192928, lat2: -15.84784, lon2: 5.93557,
            azi2: -20.787484651536988, s12: 16076603.1631180673, a12: 144.640108810286253),
        .init(
            lat1: 32.84994, lon1: 48.28919, azi1: 150.492927788121982, lat2: -56.28556, lon2: 202.29132,
            azi2: 48.113449399816759, s12: 16727068.9438164461, a12: 150.565799985466607),
        .init(
            lat1: 6.96833, lon1: 52.74123, azi1: 92.581585386317712, lat2: -7.39675, lon2: 206.17291,
            azi2: 90.721692165923907, s12: 17102477.2496958388, a12: 154.147366239113561),
        .init(
            lat1: -50.56724, lon1: -16.30485, azi1: -105.439679907590164, lat2: -33.56571, lon2: -94.97412,
            azi2: -47.348547835650331, s12: 6455670.5118668696, a12: 58.083719495371259),
        .init(
            lat1: -58.93002, lon1: -8.90775, azi1: 140.965397902500679, lat2: -8.91104, lon2: 133.13503,
            azi2: 19.255429433416599, s12: 11756066.0219864627, a12: 105.755691241406877),
        .init(
            lat1: -68.82867, lon1: -74.28391, azi1: 93.774347763114881, lat2: -50.63005, lon2: -8.36685,
            azi2: 34.65564085411343, s12: 3956936.926063544, a12: 35.572254987389284),
        .init(
            lat1: -10.62672, lon1: -32.0898, azi1: -86.426713286747751, lat2: 5.883, lon2: -134.31681,
            azi2: -80.473780971034875, s12: 11470869.3864563009, a12: 103.387395634504061),
        .init(
            lat1: -21.76221, lon1: 166.90563, azi1: 29.319421206936428, lat2: 48.72884, lon2: 213.97627,
            azi2: 43.508671946410168, s12: 9098627.3986554915, a12: 81.963476716121964),
        .init(
            lat1: -19.79938, lon1: -174.47484, azi1: 71.167275780171533, lat2: -11.99349, lon2: -154.35109,
            azi2: 65.589099775199228, s12: 2319004.8601169389, a12: 20.896611684802389),
        .init(
            lat1: -11.95887, lon1: -116.94513, azi1: 92.712619830452549, lat2: 4.57352, lon2: 7.16501,
            azi2: 78.64960934409585, s12: 13834722.5801401374, a12: 124.688684161089762),
        .init(
            lat1: -87.85331, lon1: 85.66836, azi1: -65.120313040242748, lat2: 66.48646, lon2: 16.09921,
            azi2: -4.888658719272296, s12: 17286615.3147144645, a12: 155.58592449699137),
        .init(
            lat1: 1.74708, lon1: 128.32011, azi1: -101.584843631173858, lat2: -11.16617, lon2: 11.87109,
            azi2: -86.325793296437476, s12: 12942901.1241347408, a12: 116.650512484301857),
        .init(
            lat1: -25.72959, lon1: -144.90758, azi1: -153.647468693117198, lat2: -57.70581, lon2: -269.17879,
            azi2: -48.343983158876487, s12: 9413446.7452453107, a12: 84.664533838404295),
        .init(
            lat1: -41.22777, lon1: 122.32875, azi1: 14.285113402275739, lat2: -7.57291, lon2: 130.37946,
            azi2: 10.805303085187369, s12: 3812686.035106021, a12: 34.34330804743883),
        .init(
            lat1: 11.01307, lon1: 138.25278, azi1: 79.43682622782374, lat2: 6.62726, lon2: 247.05981,
            azi2: 103.708090215522657, s12: 11911190.819018408, a12: 107.341669954114577),
        .init(
            lat1: -29.47124, lon1: 95.14681, azi1: -163.779130441688382, lat2: -27.46601, lon2: -69.15955,
            azi2: -15.909335945554969, s12: 13487015.8381145492, a12: 121.294026715742277),
    ]
}

/// The difference of two longitudes reduced to [-180, 180].
func longitudeDifference(_ a: Double, _ b: Double) -> Double {
    (a - b).remainder(dividingBy: 360)
}

@Suite struct GeodesicTests {
    let wgs84 = Geodesic.wgs84

    @Test(arguments: GeodTestRow.rows)
    func inverseMatchesTheGeodTestSet(row: GeodTestRow) {
        let solution = wgs84.inverse(
            from: Coordinate(latitude: row.lat1, longitude: row.lon1),
            to: Coordinate(latitude: row.lat2, longitude: row.lon2))
        #expect(abs(solution.distance - row.s12) < 1e-6)  // 1 µm
        #expect(abs(solution.initialAzimuth - row.azi1) < 1e-12)
        #expect(abs(solution.finalAzimuth - row.azi2) < 1e-12)
        #expect(abs(solution.arcLength - row.a12) < 1e-12)
    }

    @Test(arguments: GeodTestRow.rows)
    func inverseIsSymmetric(row: GeodTestRow) {
        let a = Coordinate(latitude: row.lat1, longitude: row.lon1)
        let b = Coordinate(latitude: row.lat2, longitude: row.lon2)
        let forward = wgs84.inverse(from: a, to: b)
        let backward = wgs84.inverse(from: b, to: a)
        #expect(abs(forward.distance - backward.distance) < 1e-6)
        // The reverse geodesic leaves b opposite to the forward one's arrival direction.
        #expect(abs(longitudeDifference(backward.initialAzimuth, forward.finalAzimuth + 180)) < 1e-11)
    }

    /// GeographicLib's GeodSolve regression cases: each a place where simpler methods fail.
    @Test(
        arguments: [
            // GeodSolve0: JFK → CDG.
            (40.6, -73.8, 49.01666667, 2.55, 5_853_226.0, 0.5),
            // GeodSolve4: a 7 cm line that once went wrong.
            (36.493349428792, 0, 36.49334942879201, 0.0000008, 0.072, 0.5e-3),
            // GeodSolve6/9/10/11: nearly antipodal points (Vincenty does not converge here).
            (88.202499451857, 0, -88.202499451857, 179.981022032992859592, 20_003_898.214, 0.5e-3),
            (89.262080389218, 0, -89.262080389218, 179.992207982775375662, 20_003_925.854, 0.5e-3),
            (89.333123580033, 0, -89.333123580032997687, 179.99295812360148422, 20_003_926.881, 0.5e-3),
            (56.320923501171, 0, -56.320923501171, 179.664747671772880215, 19_993_558.287, 0.5e-3),
            (52.784459512564, 0, -52.784459512563990912, 179.634407464943777557, 19_991_596.095, 0.5e-3),
            (48.522876735459, 0, -48.52287673545898293, 179.599720456223079643, 19_989_144.774, 0.5e-3),
            // GeodSolve33: along and across the equator to the antipode.
            (0, 0, 0, 179, 19_926_189, 0.5),
            (0, 0, 0, 179.5, 19_980_862, 0.5),
            (0, 0, 0, 180, 20_003_931, 0.5),
            (0, 0, 1, 180, 19_893_357, 0.5),
            // GeodSolve59: longitudes almost exactly 180° apart.
            (5, 0.00000000000001, 10, 180, 18_345_191.174332713, 5e-9),
            // GeodSolve76: Wellington → Salamanca, the classic failure of Vincenty's method.
            (-(41 + 19 / 60.0), 174 + 49 / 60.0, 40 + 58 / 60.0, -(5 + 30 / 60.0), 19_960_543.857179, 0.5e-6),
            // GeodSolve78: the NGS calculator fails to converge.
            (27.2, 0.0, -27.1, 179.5, 19_974_354.765767, 0.5e-6),
            // GeodSolve92: points 26 cm apart.
            (37.757540000000006, -122.47018, 37.75754, -122.470177, 0.264, 0.5e-3),
            // GeodSolve74: a short line.
            (54.1589, 15.3872, 54.1591, 15.3877, 39.527686385, 5e-9),
        ] as [(Double, Double, Double, Double, Double, Double)])
    func distanceMatchesGeodSolve(
        lat1: Double, lon1: Double, lat2: Double, lon2: Double, s12: Double, tolerance: Double
    ) {
        let distance = wgs84.distance(
            from: Coordinate(latitude: lat1, longitude: lon1), to: Coordinate(latitude: lat2, longitude: lon2))
        #expect(abs(distance - s12) <= tolerance)
    }

    @Test func azimuthsMatchGeodSolve() {
        let jfk = wgs84.inverse(
            from: Coordinate(latitude: 40.6, longitude: -73.8), to: Coordinate(latitude: 49.01666667, longitude: 2.55))
        #expect(abs(jfk.initialAzimuth - 53.47022) < 0.5e-5)
        #expect(abs(jfk.finalAzimuth - 111.59367) < 0.5e-5)
        let wellington = wgs84.inverse(
            from: Coordinate(latitude: -(41 + 19 / 60.0), longitude: 174 + 49 / 60.0),
            to: Coordinate(latitude: 40 + 58 / 60.0, longitude: -(5 + 30 / 60.0)))
        #expect(abs(wellington.initialAzimuth - 160.39137649664) < 0.5e-11)
        #expect(abs(wellington.finalAzimuth - 19.50042925176) < 0.5e-11)
        let ngs = wgs84.inverse(
            from: Coordinate(latitude: 27.2, longitude: 0), to: Coordinate(latitude: -27.1, longitude: 179.5))
        #expect(abs(ngs.initialAzimuth - 45.82468716758) < 0.5e-11)
        #expect(abs(ngs.finalAzimuth - 134.22776532670) < 0.5e-11)
    }

    @Test(arguments: [
        Coordinate(latitude: 20.001, longitude: 0), Coordinate(latitude: 0, longitude: 0),
        Coordinate(latitude: -45, longitude: 179.9), Coordinate(latitude: 89.999, longitude: -120),
    ])
    func coincidentPointsAreZeroApart(point: Coordinate) {
        let solution = wgs84.inverse(from: point, to: point)
        #expect(solution.distance == 0)
        #expect(solution.distance.sign == .plus)
        #expect(solution.arcLength == 0)
    }

    @Test func theNorthPoleIsOnePointWhateverItsLongitude() {
        let solution = wgs84.inverse(
            from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: 90, longitude: 180))
        #expect(abs(solution.distance) < 1e-8)
    }

    @Test func poleToPoleAndPoleToEquatorFollowTheMeridian() {
        // Half the meridian: b·E(e) style quarter meridians, 10 001 965.729 m each on WGS-84.
        let quarter = wgs84.distance(
            from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: 0, longitude: 37))
        #expect(abs(quarter - 10_001_965.729) < 1e-3)
        let half = wgs84.distance(
            from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: -90, longitude: 0))
        #expect(abs(half - 2 * 10_001_965.729) < 2e-3)
    }

    @Test func crossingTheAntimeridianIsShort() {
        let west = Coordinate(latitude: 10, longitude: 179.999)
        let east = Coordinate(latitude: 10, longitude: -179.999)
        let solution = wgs84.inverse(from: west, to: east)
        #expect(solution.distance > 218 && solution.distance < 220)  // 0.002° of longitude at 10° N
        #expect(abs(solution.initialAzimuth - 90) < 0.01)
        let unrolled = wgs84.inverse(from: west, to: Coordinate(latitude: 10, longitude: 180.001))
        #expect(abs(unrolled.distance - solution.distance) < 1e-9)
    }

    @Test func equatorialDistanceIsTheArcOfTheEquator() {
        // 1° of longitude on the equator: a·π/180.
        let distance = wgs84.distance(
            from: Coordinate(latitude: 0, longitude: 10), to: Coordinate(latitude: 0, longitude: 11))
        #expect(abs(distance - 6_378_137 * Double.pi / 180) < 1e-6)
    }

    @Test func invalidLatitudesGiveNaN() {
        let solution = wgs84.inverse(
            from: Coordinate(latitude: .nan, longitude: 0), to: Coordinate(latitude: 0, longitude: 90))
        #expect(solution.distance.isNaN)
        #expect(
            wgs84.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 91, longitude: 0))
                .isNaN)
    }

    @Test func aSphereGivesGreatCircleDistances() {
        let sphere = Geodesic(equatorialRadius: 6_400_000, flattening: 0)
        let distance = sphere.distance(
            from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 179))
        // GeodSolve33 on the sphere of radius 6.4e6.
        #expect(abs(distance - 19_994_492) < 0.5)
    }
}
