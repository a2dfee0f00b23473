/// Decides `geodesic distance ≥ metres` cheaply: a spherical bound settles almost every case and
/// the exact geodesic (``Geodesic/inverse(from:to:)``) is computed only inside the bound's margin.
///
/// The bound. In geodetic coordinates (φ, λ) the ellipsoid's metric is
/// ds² = M(φ)² dφ² + N(φ)² cos²φ dλ², with the meridional radius M and the prime-vertical radius N
/// both in [b²/a, a²/b]. The unit sphere in the same coordinates has dσ² = dφ² + cos²φ dλ², so
/// every curve's ellipsoidal length lies between b²/a and a²/b times its spherical length, and
/// therefore (b²/a)·θ ≤ s ≤ (a²/b)·θ for the geodesic distance s and the great-circle angle θ
/// between the same latitudes and longitudes. For WGS-84 that is 6 335 439 m ≤ s/θ ≤ 6 399 594 m,
/// a band of ±0.504 % around the geometric mean. θ is taken from the haversine
/// h = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2) = sin²(θ/2), compared with precomputed thresholds,
/// with a relative slack of 10⁻⁶ against rounding.
///
/// Before the haversine, a cheaper bracket of h settles nearly every call with one cosine: for
/// |Δφ|, |Δλ| ≤ 0.5 rad, x − x³/6 ≤ sin x ≤ x bounds the half-angle sines, and because cosine is
/// 1-Lipschitz, cos φ₂ lies within |Δφ| of cos φ₁. Only when that bracket straddles a threshold
/// are the haversine's four trigonometric calls made.
///
/// A distance within ``tolerance`` (1 µm) below the threshold counts as equal to it, so a point
/// placed "exactly 3000 m" away by any accurate solver is delivered despite floating-point
/// rounding (the solver itself is accurate to ~15 nm).
public struct DistanceThreshold: Sendable, Hashable {
    /// The threshold in metres.
    public let metres: Double
    /// Distances this close below ``metres`` count as reaching it: 1 µm.
    public static let tolerance = 1e-6
    /// The scalar part: what the bounds compare with.
    let bounds: Bounds
    let geodesic: Geodesic

    static let slack = 1e-6
    /// How far (metres) the chord bounds must clear the threshold to decide: 10 µm, a thousand
    /// times the rounding of the chord and the exact solver's error (15 nm), so they never decide
    /// against what the exact distance would.
    static let chordMargin = 1e-5

    /// A threshold of `metres` on `geodesic`.
    public init(_ metres: Double, geodesic: Geodesic = .wgs84) {
        self.metres = metres
        self.geodesic = geodesic
        bounds = Bounds(metres, radiusBounds: geodesic.radiusBounds)
    }

    /// Whether the geodesic distance from `a` to `b` is at least ``metres`` (less ``tolerance``).
    public func isReached(from a: Coordinate, to b: Coordinate) -> Bool {
        bounds.decision(from: a, cosLatitude: Bounds.cosLatitude(a), to: b)
            ?? bounds.exactDecision(from: a, to: b, on: geodesic)
    }

    /// Which path ``isReached(from:to:)`` takes: `true`/`false` when the bounds decide, `nil` when
    /// the exact geodesic is needed.
    public func boundDecision(from a: Coordinate, to b: Coordinate) -> Bool? {
        bounds.decision(from: a, cosLatitude: Bounds.cosLatitude(a), to: b)
    }

    /// The thresholds the bounds compare with, without the ellipsoid (32 bytes, so a caller that
    /// keeps one per fix copies no ``Geodesic``). Every function takes cos φ of its first point,
    /// `cosLatitude(a)`, so a caller that compares many points with one `a` computes it once.
    struct Bounds: Sendable, Hashable {
        /// `metres − tolerance`: what the exact distance is compared with.
        let effective: Double
        /// sin²(metres / (2·a²/b)): below it (with slack) the distance is certainly < metres.
        let hBelow: Double
        /// sin²(metres / (2·b²/a)): at or above it (with slack) the distance is certainly ≥ metres.
        let hAbove: Double

        init(_ metres: Double, radiusBounds: (minimum: Double, maximum: Double)) {
            effective = metres - DistanceThreshold.tolerance
            let below = effective / (2 * radiusBounds.maximum)
            let above = effective / (2 * radiusBounds.minimum)
            hBelow = below >= .pi / 2 ? 1 : GeoMath.sq(GeoMath.sin(max(0, below)))
            hAbove = above >= .pi / 2 ? .infinity : GeoMath.sq(GeoMath.sin(max(0, above)))
        }

        /// Within the spherical bounds' margin: the chord bounds (``Geodesic/chordBounds(from:to:)``)
        /// where they clear the threshold by ``chordMargin``, else the exact geodesic.
        func exactDecision(from a: Coordinate, to b: Coordinate, on geodesic: Geodesic) -> Bool {
            if let (lower, upper) = geodesic.chordBounds(from: a, to: b) {
                if lower >= effective + DistanceThreshold.chordMargin { return true }
                if upper < effective - DistanceThreshold.chordMargin { return false }
            }
            return geodesic.distance(from: a, to: b) >= effective
        }

        /// cos φ of `a`, as the bracket and the haversine compute it.
        @inline(__always) static func cosLatitude(_ a: Coordinate) -> Double {
            GeoMath.cos(a.latitude * GeoMath.degree)
        }

        /// ``DistanceThreshold/boundDecision(from:to:)`` with `cosA = cosLatitude(a)`.
        @inline(__always)
        func decision(from a: Coordinate, cosLatitude cosA: Double, to b: Coordinate) -> Bool? {
            if !(effective > 0) { return true }
            if let (lower, upper) = DistanceThreshold.haversineBracket(a, cosA, b) {
                if upper * (1 + DistanceThreshold.slack) < hBelow { return false }
                if lower * (1 - DistanceThreshold.slack) >= hAbove { return true }
            }
            let h = DistanceThreshold.haversine(a, cosA, b)
            if h * (1 + DistanceThreshold.slack) < hBelow { return false }
            if h * (1 - DistanceThreshold.slack) >= hAbove { return true }
            return nil
        }
    }

    /// Bounds on ``haversine(_:_:_:)`` from polynomials and `cos1` = cos φ of `a`, for points less
    /// than 0.5 rad apart in latitude and longitude; `nil` otherwise.
    @inline(__always) static func haversineBracket(
        _ a: Coordinate, _ cos1: Double, _ b: Coordinate
    ) -> (
        Double, Double
    )? {
        let dphi = Swift.abs(b.latitude - a.latitude) * GeoMath.degree
        let dlam = Swift.abs(b.longitude - a.longitude) * GeoMath.degree
        guard dphi <= 0.5, dlam <= 0.5 else { return nil }
        let x = dphi / 2
        let y = dlam / 2
        let xLow = x - x * x * x / 6
        let yLow = y - y * y * y / 6
        let upper = x * x + cos1 * min(1, cos1 + dphi) * y * y
        let lower = xLow * xLow + cos1 * max(0, cos1 - dphi) * yLow * yLow
        return (lower, upper)
    }

    /// sin²(θ/2) for the great-circle angle θ between the points' geodetic coordinates.
    @inline(__always) static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        haversine(a, Bounds.cosLatitude(a), b)
    }

    /// ``haversine(_:_:)`` with `cos1` = cos φ of `a`.
    @inline(__always) static func haversine(_ a: Coordinate, _ cos1: Double, _ b: Coordinate) -> Double {
        let dphi = (b.latitude - a.latitude) * GeoMath.degree
        let dlam = (b.longitude - a.longitude) * GeoMath.degree
        let sphi = GeoMath.sin(dphi / 2)
        let slam = GeoMath.sin(dlam / 2)
        let h = sphi * sphi + cos1 * GeoMath.cos(b.latitude * GeoMath.degree) * slam * slam
        return min(1, h)
    }
}

extension Geodesic {
    /// The smallest and largest radius of curvature, b²/a (meridional, at the equator) and a²/b
    /// (at the poles): every geodesic distance lies between these times the spherical angle.
    public var radiusBounds: (minimum: Double, maximum: Double) {
        (b * b / equatorialRadius, equatorialRadius * equatorialRadius / b)
    }

    /// Bounds on the geodesic distance from the great-circle angle between the points' geodetic
    /// coordinates (see ``DistanceThreshold``): `lower ≤ distance ≤ upper`, within ±0.51 %.
    public func distanceBounds(from a: Coordinate, to b: Coordinate) -> (lower: Double, upper: Double) {
        let theta = 2 * GeoMath.asin(DistanceThreshold.haversine(a, b).squareRoot())
        let (low, high) = radiusBounds
        return (low * theta, high * theta)
    }
}
