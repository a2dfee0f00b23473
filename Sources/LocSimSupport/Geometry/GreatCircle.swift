/// The package's one spherical distance: the haversine great-circle distance on the mean Earth
/// sphere, good to 0.5 % against WGS-84 — for cache radii and position matching. The engine's
/// distance filter decides on the WGS-84 geodesic instead (`Geodesic`, `DistanceThreshold`).
package enum GreatCircle {
    /// The mean Earth radius in metres (IUGG R₁).
    package static let meanRadius = 6_371_008.8

    /// Metres between two points given in degrees.
    package static func distance(
        latitude latitude1: Double, longitude longitude1: Double, toLatitude latitude2: Double,
        longitude longitude2: Double
    ) -> Double {
        let phi1 = latitude1 * .pi / 180
        let phi2 = latitude2 * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (longitude2 - longitude1) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }
}
