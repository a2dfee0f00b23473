import LocSimLocationCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct GeodesicLocalDirectTests {
    let wgs84 = Geodesic.wgs84
    static let latitudes: [Double] = [-89.99, -88, -80, -70, -45, -12.5, 0, 0.001, 29.8, 45, 60, 70, 75, 80, 85, 89.9]
    static let distances: [Double] = [0, 0.001, 5, 10, 100, 1000, 3000, 5000, 7500, 10_000]

    /// (s / cos φ)⁴ / (8a³): the documented bound on the local solution's error.
    func bound(latitude: Double, distance: Double) -> Double {
        let reach = distance / cos(latitude * .pi / 180)
        return reach * reach * reach * reach / (8 * pow(wgs84.equatorialRadius, 3))
    }

    @Test(arguments: latitudes)
    func staysWithinTheBoundOfTheExactSolution(latitude: Double) {
        let start = Coordinate(latitude: latitude, longitude: 17.25)
        var answered = 0
        for distance in Self.distances {
            for step in 0..<72 {
                let azimuth = Double(step) * 5 + 0.3
                let reachable = distance <= Geodesic.localDirectReach * cos(latitude * .pi / 180)
                guard let local = wgs84.localDirect(from: start, azimuth: azimuth, distance: distance) else {
                    #expect(!reachable, "no answer at \(latitude)°, \(azimuth)°, \(distance) m")
                    continue
                }
                #expect(reachable)
                answered += 1
                let exact = wgs84.direct(from: start, azimuth: azimuth, distance: distance).coordinate
                let error = wgs84.distance(from: local, to: exact)
                // Plus 20 nm: degrees near 90 are spaced 1.6 nm apart, and the exact solution
                // itself is good to 15 nm.
                #expect(error <= bound(latitude: latitude, distance: distance) + 2e-8)
                #expect(error <= Geodesic.localDirectTolerance)
                #expect(abs(wgs84.distance(from: start, to: local) - distance) <= Geodesic.localDirectTolerance)
            }
        }
        #expect(answered > 0)
    }

    @Test func theBoundIsTightEnoughToMeanSomething() {
        // At the edge of the reach the measured error is within a factor 2 of the bound: the
        // bound documents the method's real accuracy, not an arbitrary constant.
        var largest = 0.0
        let start = Coordinate(latitude: 45, longitude: 0)
        let distance = Geodesic.localDirectReach * cos(Double.pi / 4)
        for step in 0..<360 {
            let azimuth = Double(step)
            let local = wgs84.localDirect(from: start, azimuth: azimuth, distance: distance)!
            let exact = wgs84.direct(from: start, azimuth: azimuth, distance: distance).coordinate
            largest = max(largest, wgs84.distance(from: local, to: exact))
        }
        #expect(largest > bound(latitude: 45, distance: distance) / 2)
        #expect(largest <= bound(latitude: 45, distance: distance))
    }

    @Test func wrapsAcrossTheAntimeridian() {
        let east = wgs84.localDirect(from: Coordinate(latitude: -12, longitude: 179.999), azimuth: 90, distance: 1000)!
        #expect(east.longitude < -179.99)
        let west = wgs84.localDirect(from: Coordinate(latitude: -12, longitude: -180), azimuth: 270, distance: 1000)!
        #expect(west.longitude > 179.99)
        let exact = wgs84.direct(from: Coordinate(latitude: -12, longitude: -180), azimuth: 270, distance: 1000)
        #expect(wgs84.distance(from: west, to: exact.coordinate) < 1e-6)
    }

    @Test(arguments: [
        (Coordinate(latitude: 90, longitude: 0), 1.0),
        (Coordinate(latitude: -90, longitude: 0), 1.0),
        (Coordinate(latitude: 40, longitude: 0), 10_001.0),
        (Coordinate(latitude: 40, longitude: 0), -1.0),
        (Coordinate(latitude: 40, longitude: 0), .nan),
        (Coordinate(latitude: 40, longitude: 0), .infinity),
        (Coordinate(latitude: 91, longitude: 0), 1.0),
        (Coordinate(latitude: .nan, longitude: 0), 1.0),
    ])
    func declinesWhereItIsNotAccurate(start: Coordinate, distance: Double) {
        #expect(wgs84.localDirect(from: start, azimuth: 30, distance: distance) == nil)
    }

    @Test func zeroDistanceIsTheStart() {
        let start = Coordinate(latitude: 29.7965, longitude: -91.501)
        #expect(wgs84.localDirect(from: start, azimuth: 123, distance: 0) == start)
    }
}
