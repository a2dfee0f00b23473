/// Geodesics on an ellipsoid of revolution by Karney's method (C. F. F. Karney, "Algorithms for
/// geodesics", J. Geodesy 87:43–55, 2013), the algorithm of GeographicLib's `Geodesic` class with
/// its series to order 6: accurate to about 15 nm on WGS-84 for every pair of points, including
/// nearly antipodal ones, where Vincenty's method fails to converge.
///
/// ``inverse(from:to:)`` gives the distance and azimuths between two points; ``direct(from:azimuth:distance:)``
/// and ``Line`` walk a given distance along a geodesic; ``intermediate(from:to:fraction:)``
/// interpolates. Azimuths are degrees clockwise from north in [-180, 180]. Oblate and spherical
/// ellipsoids (flattening 0 ≤ f ≤ 1/50) are supported; ``wgs84`` is the one locsim uses.
public struct Geodesic: Sendable, Hashable {
    /// Equatorial radius a in metres.
    public let equatorialRadius: Double
    /// Flattening f = (a − b) / a.
    public let flattening: Double

    let f1: Double  // 1 − f
    let e2: Double  // e²
    let ep2: Double  // e′²
    let n: Double  // third flattening
    let b: Double  // polar semi-axis
    let etol2: Double
    let a3x: SIMD8<Double>
    let c3x: SIMD16<Double>

    /// The WGS-84 ellipsoid: a = 6378137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// An ellipsoid with equatorial radius `equatorialRadius` (metres, > 0) and flattening
    /// `flattening` in [0, 1/50]; values outside are clamped into that range.
    public init(equatorialRadius: Double, flattening: Double) {
        let a = equatorialRadius.isFinite && equatorialRadius > 0 ? equatorialRadius : 6_378_137
        let f = flattening.isFinite ? min(max(flattening, 0), 1.0 / 50) : 0
        self.equatorialRadius = a
        self.flattening = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Self.tol2 / (max(0.001, f) * min(1.0, 1 - f / 2) / 2).squareRoot()
        a3x = Self.a3Coefficients(n: n)
        c3x = Self.c3Coefficients(n: n)
    }

    /// The polar semi-axis b = a(1 − f) in metres.
    public var polarRadius: Double { b }

    static let tol0 = GeoMath.epsilon
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0 * tol2
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
}

extension Geodesic {
    /// The solution of the inverse problem between two points.
    public struct InverseSolution: Sendable, Hashable {
        /// Length of the shortest geodesic in metres.
        public var distance: Double
        /// Azimuth at the first point, degrees clockwise from north in [-180, 180].
        public var initialAzimuth: Double
        /// Azimuth at the second point (the forward direction there), degrees in [-180, 180].
        public var finalAzimuth: Double
        /// Arc length on the auxiliary sphere in degrees.
        public var arcLength: Double

        public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double, arcLength: Double) {
            self.distance = distance
            self.initialAzimuth = initialAzimuth
            self.finalAzimuth = finalAzimuth
            self.arcLength = arcLength
        }
    }

    /// The geodesic distance in metres between two points (the shortest path on the ellipsoid).
    public func distance(from start: Coordinate, to end: Coordinate) -> Double {
        inverse(from: start, to: end).distance
    }

    /// Solves the inverse problem: the shortest geodesic from `start` to `end`.
    ///
    /// Coincident points give distance 0 (azimuths then follow GeographicLib's conventions);
    /// latitudes outside [-90, 90] or non-finite input give NaN.
    public func inverse(from start: Coordinate, to end: Coordinate) -> InverseSolution {
        let (lon12Raw, lon12sRaw) = GeoMath.angDiff(start.longitude, end.longitude)
        var lonsign: Double = lon12Raw.sign == .minus ? -1 : 1
        let lon12 = lonsign * GeoMath.angRound(lon12Raw)
        let lon12s = GeoMath.angRound((180 - lon12) - lonsign * lon12sRaw)
        let lam12 = lon12 * GeoMath.degree
        var slam12: Double
        var clam12: Double
        if lon12 > 90 {
            (slam12, clam12) = GeoMath.sincosd(lon12s)
            clam12 = -clam12
        } else {
            (slam12, clam12) = GeoMath.sincosd(lon12)
        }

        var lat1 = GeoMath.angRound(GeoMath.latFix(start.latitude))
        var lat2 = GeoMath.angRound(GeoMath.latFix(end.latitude))
        // Point 1 gets the larger |latitude|; then make lat1 ≤ 0.
        let swapp: Double = Swift.abs(lat1) < Swift.abs(lat2) || lat2.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = GeoMath.sincosd(lat1)
        sbet1 *= f1
        (sbet1, cbet1) = GeoMath.norm(sbet1, cbet1)
        cbet1 = max(GeoMath.tiny, cbet1)
        var (sbet2, cbet2) = GeoMath.sincosd(lat2)
        sbet2 *= f1
        (sbet2, cbet2) = GeoMath.norm(sbet2, cbet2)
        cbet2 = max(GeoMath.tiny, cbet2)

        // Force bet2 = ±bet1 exactly when they are equal to rounding.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2 < 0 ? sbet1 : -sbet1 }
        } else if Swift.abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var a12 = Double.nan
        var sig12 = Double.nan
        var s12x = Double.nan
        var salp1 = Double.nan
        var calp1 = Double.nan
        var salp2 = Double.nan
        var calp2 = Double.nan

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Both points on one meridian: the geodesic may be the meridian itself.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            sig12 = GeoMath.atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            var (s12b, m12b, _) = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2, dn2: dn2,
                reduced: true)
            if sig12 < 1 || m12b >= 0 {
                if sig12 < 3 * GeoMath.tiny || (sig12 < Self.tol0 && (s12b < 0 || m12b < 0)) {
                    sig12 = 0
                    m12b = 0
                    s12b = 0
                }
                s12x = s12b * b
                a12 = sig12 / GeoMath.degree
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
            // Along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = equatorialRadius * lam12
            sig12 = lam12 / f1
            a12 = lon12 / f1
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            sig12 = start.sig12
            salp1 = start.salp1
            calp1 = start.calp1
            if sig12 >= 0 {
                // Short line solved on the auxiliary sphere.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = sig12 * b * start.dnm
                a12 = sig12 / GeoMath.degree
            } else {
                // Newton's method on λ₁₂(α₁) − λ₁₂ = 0, keeping a bracket (α₁a, α₁b) of the root.
                var numit = 0
                var tripn = false
                var tripb = false
                var salp1a = GeoMath.tiny
                var calp1a = 1.0
                var salp1b = GeoMath.tiny
                var calp1b = -1.0
                var lambda = Lambda12Result()
                while numit < Self.maxit2 {
                    lambda = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                        salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                        diffp: numit < Self.maxit1)
                    let v = lambda.lam12
                    if tripb || !(Swift.abs(v) >= (tripn ? 8 : 1) * Self.tol0) { break }
                    if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit < Self.maxit1 && lambda.dlam12 > 0 {
                        let dalp1 = -v / lambda.dlam12
                        let sdalp1 = GeoMath.sin(dalp1)
                        let cdalp1 = GeoMath.cos(dalp1)
                        let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                        if nsalp1 > 0 && Swift.abs(dalp1) < .pi {
                            calp1 = calp1 * cdalp1 - salp1 * sdalp1
                            salp1 = nsalp1
                            (salp1, calp1) = GeoMath.norm(salp1, calp1)
                            tripn = Swift.abs(v) <= 16 * Self.tol0
                            continue
                        }
                    }
                    // Bisect the bracket when Newton's step is unusable.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    (salp1, calp1) = GeoMath.norm(salp1, calp1)
                    tripn = false
                    tripb =
                        Swift.abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
                        || Swift.abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
                }
                salp2 = lambda.salp2
                calp2 = lambda.calp2
                sig12 = lambda.sig12
                let (s12b, _, _) = lengths(
                    eps: lambda.eps, sig12: sig12, ssig1: lambda.ssig1, csig1: lambda.csig1, dn1: dn1,
                    ssig2: lambda.ssig2, csig2: lambda.csig2, dn2: dn2, reduced: false)
                s12x = s12b * b
                a12 = sig12 / GeoMath.degree
            }
        }

        // Undo the canonical transformation.
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return InverseSolution(
            distance: 0 + s12x,
            initialAzimuth: GeoMath.atan2d(salp1, calp1),
            finalAzimuth: GeoMath.atan2d(salp2, calp2),
            arcLength: a12)
    }
}

extension Geodesic {
    /// Distance (s₁₂/b) and, when `reduced`, reduced length (m₁₂/b) and the secular coefficient m₀.
    func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double, reduced: Bool
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        let a1m1 = Self.a1m1(eps)
        let c1a = Self.c1(eps)
        let a1 = 1 + a1m1
        let b1 = Self.sinSeries(ssig2, csig2, c1a, count: 6) - Self.sinSeries(ssig1, csig1, c1a, count: 6)
        let s12b = a1 * (sig12 + b1)
        guard reduced else { return (s12b, .nan, .nan) }
        let a2m1 = Self.a2m1(eps)
        let c2a = Self.c2(eps)
        let m0x = a1m1 - a2m1
        let a2 = 1 + a2m1
        let b2 = Self.sinSeries(ssig2, csig2, c2a, count: 6) - Self.sinSeries(ssig1, csig1, c2a, count: 6)
        let j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b, m0x)
    }

    /// Solves k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 for its positive root (Karney eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = GeoMath.cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = GeoMath.atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * GeoMath.cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    struct StartResult {
        var sig12: Double
        var salp1: Double
        var calp1: Double
        var salp2: Double
        var calp2: Double
        var dnm: Double
    }

    /// A starting α₁ for Newton's method, or (when `sig12 ≥ 0`) the complete solution of a short line.
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> StartResult {
        var result = StartResult(sig12: -1, salp1: .nan, calp1: .nan, salp2: .nan, calp2: .nan, dnm: .nan)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1
        sbet12a += cbet2 * sbet1

        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortline {
            var sbetm2 = GeoMath.sq(sbet1 + sbet2)
            sbetm2 /= sbetm2 + GeoMath.sq(cbet1 + cbet2)
            result.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * result.dnm)
            somg12 = GeoMath.sin(omg12)
            comg12 = GeoMath.cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = GeoMath.hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short lines.
            var salp2 = cbet1 * somg12
            var calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = GeoMath.norm(salp2, calp2)
            result.salp2 = salp2
            result.calp2 = calp2
            result.sig12 = GeoMath.atan2(ssig12, csig12)
        } else if Swift.abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * Swift.abs(n) * .pi * cbet1 * cbet1 {
            // The zeroth-order spherical estimate is good enough.
        } else {
            // Nearly antipodal: scale to the astroid problem around the antipode.
            let lam12x = GeoMath.atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = flattening * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Self.tol1 && x > -1 - Self.xthresh {
                salp1 = min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = GeoMath.sin(omg12a)
                comg12 = -GeoMath.cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = GeoMath.norm(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        result.salp1 = salp1
        result.calp1 = calp1
        return result
    }

    struct Lambda12Result {
        var lam12 = Double.nan
        var salp2 = Double.nan
        var calp2 = Double.nan
        var sig12 = Double.nan
        var ssig1 = Double.nan
        var csig1 = Double.nan
        var ssig2 = Double.nan
        var csig2 = Double.nan
        var eps = Double.nan
        var dlam12 = Double.nan
    }

    /// λ₁₂ − λ₁₂⁰ for a trial α₁ (the hybrid problem), with its derivative when `diffp`.
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1: Double, slam120: Double, clam120: Double, diffp: Bool
    ) -> Lambda12Result {
        var r = Lambda12Result()
        var calp1 = calp1
        if sbet1 == 0 && calp1 == 0 { calp1 = -GeoMath.tiny }  // break the equatorial degeneracy

        let salp0 = salp1 * cbet1
        let calp0 = GeoMath.hypot(calp1, salp1 * sbet1)

        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = GeoMath.norm(sbet1, calp1 * cbet1)

        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2: Double
        if cbet2 != cbet1 || Swift.abs(sbet2) != -sbet1 {
            let inner =
                cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            calp2 = (GeoMath.sq(calp1 * cbet1) + inner).squareRoot() / cbet2
        } else {
            calp2 = Swift.abs(calp1)
        }
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = GeoMath.norm(sbet2, calp2 * cbet2)

        let sig12 = GeoMath.atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = GeoMath.atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3a = c3(eps)
        let b312 = Self.sinSeries(ssig2, csig2, c3a, count: 5) - Self.sinSeries(ssig1, csig1, c3a, count: 5)
        let domg12 = -flattening * a3(eps) * salp0 * (sig12 + b312)

        r.lam12 = eta + domg12
        r.salp2 = salp2
        r.calp2 = calp2
        r.sig12 = sig12
        r.ssig1 = ssig1
        r.csig1 = csig1
        r.ssig2 = ssig2
        r.csig2 = csig2
        r.eps = eps
        if diffp {
            if calp2 == 0 {
                r.dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let (_, m12b, _) = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2,
                    dn2: dn2, reduced: true)
                r.dlam12 = m12b * f1 / (calp2 * cbet2)
            }
        }
        return r
    }
}
