extension Geodesic {
    /// Bounds on the geodesic distance from the straight-line (chord) distance c between the two
    /// points on the ellipsoid's surface, for c ≤ ``chordBoundReach``: `c ≤ s ≤ c·(1 + y²/(6(1 − y²)))`
    /// with y = k·c/2 and k = a/b², the largest curvature of the surface (1/M at the equator).
    ///
    /// The lower bound: no curve is shorter than the straight line. The upper: a geodesic has no
    /// geodesic curvature, so its curvature in space is the surface's normal curvature in its
    /// direction, at most k. By Schur's comparison theorem a curve of length s ≤ π/k whose
    /// curvature never exceeds k spans a chord at least that of a circular arc of radius 1/k and
    /// the same length, c ≥ (2/k)·sin(k·s/2), so s ≤ (2/k)·asin(y); and asin y ≤ y + y³/(6(1 − y²))
    /// (every coefficient of its series after the first is at most 1/6). The length condition
    /// holds: within the reach the geodesic is no longer than the normal section's arc, a few times
    /// c at most, far below π/k ≈ 19,900 km. For 3 km the band is 28 µm wide, against ±0.5 % for
    /// the spherical bounds, so ``DistanceThreshold`` needs the exact inverse only within it.
    /// `nil` beyond the reach and for invalid points.
    func chordBounds(from start: Coordinate, to end: Coordinate) -> (lower: Double, upper: Double)? {
        guard start.isValid, end.isValid else { return nil }
        let (xa, ya, za) = surfacePoint(start)
        let (xb, yb, zb) = surfacePoint(end)
        let c = (GeoMath.sq(xb - xa) + GeoMath.sq(yb - ya) + GeoMath.sq(zb - za)).squareRoot()
        guard c <= Self.chordBoundReach else { return nil }
        let y = c * equatorialRadius / (2 * polarRadius * polarRadius)
        return (c, c * (1 + y * y / (6 * (1 - y * y))))
    }

    /// The longest chord ``chordBounds(from:to:)`` answers for: 100 km.
    static let chordBoundReach = 100_000.0

    /// Earth-centred Cartesian coordinates (metres) of a point on the surface.
    @inline(__always) func surfacePoint(_ p: Coordinate) -> (Double, Double, Double) {
        let phi = p.latitude * GeoMath.degree
        let lambda = p.longitude * GeoMath.degree
        let sinPhi = GeoMath.sin(phi)
        let cosPhi = GeoMath.cos(phi)
        let n = equatorialRadius / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return (n * cosPhi * GeoMath.cos(lambda), n * cosPhi * GeoMath.sin(lambda), n * (1 - e2) * sinPhi)
    }
}
