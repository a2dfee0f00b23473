import LocSimSupport

// The C maths library under names the helpers below do not shadow.
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmAsin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func libmCbrt(_ x: Double) -> Double { cbrt(x) }
@inline(__always) private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) private func libmHypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }

/// Angle helpers for the geodesic solver, after GeographicLib's `Math` class: exact reductions in
/// degrees so that quadrant boundaries (0°, ±90°, ±180°) give exact sines and cosines.
///
/// Only the platform C maths library is used (`sin`, `cos`, `atan2`, `hypot`, `cbrt`): the
/// module stays free of Foundation.
enum GeoMath {
    static let degree = Double.pi / 180
    /// 2^-52.
    static let epsilon = Double.ulpOfOne
    /// sqrt of the smallest normal double.
    static let tiny = Double.leastNormalMagnitude.squareRoot()

    @inline(__always) static func sq(_ x: Double) -> Double { x * x }

    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
    @inline(__always) static func asin(_ x: Double) -> Double { libmAsin(x) }
    @inline(__always) static func hypot(_ x: Double, _ y: Double) -> Double { libmHypot(x, y) }
    @inline(__always) static func cbrt(_ x: Double) -> Double { libmCbrt(x) }

    /// `x.rounded(.toNearestOrAwayFromZero)` bit for bit (signed zeros included), without the
    /// libm call it is on x86-64 without SSE4.1. Below 2⁵² in magnitude `Int64` truncates exactly
    /// and x − trunc(x) is exact (Sterbenz); larger magnitudes, infinities and NaN are left to the
    /// standard library.
    @inline(__always) static func roundedHalfAwayFromZero(_ x: Double) -> Double {
        guard Swift.abs(x) < 0x1p52 else { return x.rounded(.toNearestOrAwayFromZero) }
        var rounded = Double(Int64(x))
        let fraction = x - rounded
        if fraction >= 0.5 {
            rounded += 1
        } else if fraction <= -0.5 {
            rounded -= 1
        }
        return Double(signOf: x, magnitudeOf: rounded)
    }

    /// Normalises the vector (x, y) to unit length.
    @inline(__always) static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// Error-free sum: `u + v = s + t` exactly.
    static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0 - (up + vpp)
        return (s, t)
    }

    /// Rounds tiny angles so that values below 1/2^57 of 1/16 degree underflow to zero
    /// (avoids near-singular cases such as 1e-200 degrees).
    static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = Swift.abs(x)
        if y < z { y = z - (z - y) }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// Reduces an angle to [-180, 180].
    static func angNormalize(_ x: Double) -> Double {
        let y = x.isFinite ? x.remainder(dividingBy: 360) : .nan
        return Swift.abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// Latitudes beyond ±90 become NaN.
    static func latFix(_ x: Double) -> Double { Swift.abs(x) > 90 ? .nan : x }

    /// `y - x` reduced to [-180, 180] accurately, with the rounding error in `t`.
    static func angDiff(_ x: Double, _ y: Double) -> (d: Double, t: Double) {
        func rem(_ v: Double) -> Double { v.isFinite ? v.remainder(dividingBy: 360) : .nan }
        var (d, t) = sum(rem(-x), rem(y))
        (d, t) = sum(rem(d), t)
        if d == 0 || Swift.abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        var r = x.isFinite ? x.truncatingRemainder(dividingBy: 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded())
        r -= 90 * Double(q)
        r *= degree
        let s = sin(r)
        let c = cos(r)
        var sinx: Double
        var cosx: Double
        switch q & 3 {
        case 0: (sinx, cosx) = (s, c)
        case 1: (sinx, cosx) = (c, -s)
        case 2: (sinx, cosx) = (-s, -c)
        default: (sinx, cosx) = (-c, s)
        }
        cosx += 0
        if sinx == 0 { sinx = Double(signOf: x, magnitudeOf: sinx) }
        return (sinx, cosx)
    }

    /// atan2 in degrees, exact in each quadrant's boundary; result in [-180, 180].
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var q = 0
        if Swift.abs(y) > Swift.abs(x) {
            q = 2
            swap(&x, &y)
        }
        if x.sign == .minus {
            q += 1
            x = -x
        }
        var ang = atan2(y, x) / degree
        switch q {
        case 1: ang = Double(signOf: y, magnitudeOf: 180) - ang
        case 2: ang = 90 - ang
        case 3: ang = -90 + ang
        default: break
        }
        return ang
    }
}
