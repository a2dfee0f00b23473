extension Geodesic {
    /// ``localDirect(from:azimuth:distance:)`` answers only when `distance / cos φ` is at most
    /// this many metres (10 km): short displacements away from the poles.
    public static let localDirectReach = 10_000.0

    /// How far ``localDirect(from:azimuth:distance:)`` may land from the exact direct solution,
    /// in metres (5 µm), wherever it answers.
    public static let localDirectTolerance = 5e-6

    /// The direct problem for short distances, by a third-order Taylor expansion of the geodesic
    /// in its length s; `nil` where it would not be accurate (`s / cos φ > localDirectReach`,
    /// which includes the poles), for negative or non-finite distances and invalid starts.
    ///
    /// With the meridional radius M, the prime-vertical radius N, t = tan φ, η² = e′² cos²φ
    /// (so N/M = 1 + η²) and the azimuth α at the start, the geodesic equations
    /// φ′ = cos α / M, λ′ = sin α / (N cos φ), α′ = sin α tan φ / N give
    ///
    ///     φ′′  = −t (sin²α + 3η² cos²α) / (N M)
    ///     φ′′′ = cos α / (N² M) · [cos²α (1 + 3t² − 2η² − 6η²t² − 3η⁴ + 15η⁴t²) − (1 + 3t² + η² − 9η²t²)]
    ///     λ′′  = 2 sin α cos α t / (N² cos φ)
    ///     λ′′′ = 2 sin α [cos²α (1 + η² + 4t²) − t²] / (N³ cos φ)
    ///
    /// and Δφ = s φ′ + s²φ′′/2 + s³φ′′′/6, Δλ likewise. The remainder is of fourth order; measured
    /// against the exact solution it stays below (s / cos φ)⁴ / (8a³), which is at most
    /// 4.8 µm within the reach (see ``localDirectTolerance``; `GeodesicLocalDirectTests` checks
    /// it over latitudes, azimuths and distances). It costs two sines, two cosines and a square
    /// root, against the exact solution's series.
    @inline(__always)
    public func localDirect(from start: Coordinate, azimuth: Double, distance s: Double) -> Coordinate? {
        let alpha = azimuth * GeoMath.degree
        return localDirect(from: start, sinAzimuth: GeoMath.sin(alpha), cosAzimuth: GeoMath.cos(alpha), distance: s)
    }

    /// ``localDirect(from:azimuth:distance:)`` with the azimuth given by its sine and cosine
    /// (a unit vector east, north), for callers that hold the direction as a vector. Inlined, so
    /// a caller holding the ellipsoid in a larger value does not copy its 256 bytes per call.
    @inline(__always)
    public func localDirect(
        from start: Coordinate, sinAzimuth sinAlpha: Double, cosAzimuth cosAlpha: Double, distance s: Double
    ) -> Coordinate? {
        guard start.isValid else { return nil }
        let phi = start.latitude * GeoMath.degree
        let sinPhi = GeoMath.sin(phi)
        let cosPhi = GeoMath.cos(phi)
        guard s >= 0, s <= Self.localDirectReach * cosPhi else { return nil }

        let w2 = 1 - e2 * sinPhi * sinPhi
        let n = equatorialRadius / w2.squareRoot()
        let m = n * (1 - e2) / w2
        let t = sinPhi / cosPhi
        let t2 = t * t
        let eta2 = ep2 * cosPhi * cosPhi
        let eta4 = eta2 * eta2
        let ca2 = cosAlpha * cosAlpha
        let sa2 = sinAlpha * sinAlpha

        let phi1 = cosAlpha / m
        let phi2 = -t * (sa2 + 3 * eta2 * ca2) / (n * m)
        let phi3 =
            cosAlpha / (n * n * m)
            * (ca2 * (1 + 3 * t2 - 2 * eta2 - 6 * eta2 * t2 - 3 * eta4 + 15 * eta4 * t2)
                - (1 + 3 * t2 + eta2 - 9 * eta2 * t2))
        let nCos = n * cosPhi
        let lambda1 = sinAlpha / nCos
        let lambda2 = 2 * sinAlpha * cosAlpha * t / (n * nCos)
        let lambda3 = 2 * sinAlpha * (ca2 * (1 + eta2 + 4 * t2) - t2) / (n * n * nCos)

        let dPhi = s * (phi1 + s * (phi2 / 2 + s * phi3 / 6))
        let dLambda = s * (lambda1 + s * (lambda2 / 2 + s * lambda3 / 6))
        var longitude = start.longitude + dLambda / GeoMath.degree
        if longitude > 180 {
            longitude -= 360
        } else if longitude < -180 {
            longitude += 360
        }
        return Coordinate(latitude: start.latitude + dPhi / GeoMath.degree, longitude: longitude)
    }
}
