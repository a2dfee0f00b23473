import LocSimSupport

/// A short segment on an ellipsoid, measured with the local estimate: meridional and
/// prime-vertical radii of curvature at the mid-latitude, azimuths corrected for meridian
/// convergence. Where it applies (< 2 km, |latitude| < 70°) it is good to 10⁻⁶ in distance and
/// 10⁻³° in azimuth, at a tenth of the cost of the exact inverse problem.
///
/// Playback hands fixes the segment instead of its speed and course (see ``RawFix/Motion``), so
/// the estimate runs only for the fixes the engine actually reports.
public struct LocalSegment: Sendable, Hashable {
    public var from: Coordinate
    public var to: Coordinate
    /// The ellipsoid's equatorial radius in metres and its e² = f(2 − f).
    public var equatorialRadius: Double
    public var e2: Double

    /// The segment, or `nil` unless ``estimate(from:to:equatorialRadius:e2:)`` is certain to
    /// apply, decided without trigonometry: the latitude and span limits, and an upper bound of
    /// its length under 2 km with a metre to spare for rounding. The bound takes the largest
    /// radius of curvature, a / √(1 − e²), for both radii and 1 − x²/2 + x⁴/24 (≥ cos x for
    /// every x) for the cosine of the mid-latitude.
    public init?(from: Coordinate, to: Coordinate, equatorialRadius: Double, e2: Double) {
        let degree = Double.pi / 180
        let mid = (from.latitude + to.latitude) / 2
        let dlat = to.latitude - from.latitude
        let dlon = Self.wrap(to.longitude - from.longitude)
        guard abs(mid) < 70, abs(dlat) < 0.02, abs(dlon) < 0.06 else { return nil }
        let x2 = (mid * degree) * (mid * degree)
        let cosine = 1 - x2 / 2 + x2 * x2 / 24
        let east = cosine * dlon
        let bound = equatorialRadius / (1 - e2).squareRoot() * degree * (dlat * dlat + east * east).squareRoot()
        guard bound < 1_999 else { return nil }
        self.from = from
        self.to = to
        self.equatorialRadius = equatorialRadius
        self.e2 = e2
    }

    /// Length in metres and initial and final azimuths in degrees.
    public var measure: (distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        Self.estimate(from: from, to: to, equatorialRadius: equatorialRadius, e2: e2)!
    }

    /// The local estimate of the segment from `a` to `b`, or `nil` where it is not accurate.
    public static func estimate(
        from a: Coordinate, to b: Coordinate, equatorialRadius: Double, e2: Double
    ) -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double)? {
        let degree = Double.pi / 180
        let mid = (a.latitude + b.latitude) / 2
        guard abs(mid) < 70, abs(b.latitude - a.latitude) < 0.02 else { return nil }
        let wrapped = wrap(b.longitude - a.longitude)
        guard abs(wrapped) < 0.06 else { return nil }
        let phi = mid * degree
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let w2 = 1 - e2 * sinPhi * sinPhi
        let n = equatorialRadius / w2.squareRoot()
        let m = n * (1 - e2) / w2
        let north = m * (b.latitude - a.latitude) * degree
        let east = n * cosPhi * wrapped * degree
        let distance = (north * north + east * east).squareRoot()
        guard distance < 2_000 else { return nil }
        guard distance > 0 else { return (0, 0, 0) }
        // The azimuth at the mid-latitude, turned by half the meridian convergence Δλ·sin φ at
        // each end.
        let azimuth = atan2(east, north) / degree
        let convergence = wrapped * sinPhi / 2
        return (distance, azimuth - convergence, azimuth + convergence)
    }

    /// A longitude difference in (−180, 180] for spans under 180°.
    private static func wrap(_ dlon: Double) -> Double {
        dlon > 180 ? dlon - 360 : (dlon < -180 ? dlon + 360 : dlon)
    }
}
