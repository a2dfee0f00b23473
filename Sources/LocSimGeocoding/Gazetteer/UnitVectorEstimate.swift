import Foundation

/// Unit vectors of places to within ``error`` per component, from their 1e-5 degree integers
/// without calling `sin` or `cos`: cheap enough to compute for every k-d tree node a search
/// visits, where the exact vector (``KDTree/unitVector(latitude:longitude:)``, four C library
/// calls) is computed only for the few nodes that can be the answer.
///
/// An angle of `v` units (1e-5°) is split into `a · 2¹⁴ − 18,000,000 + b` with `0 ≤ b < 2¹⁴`;
/// the sine and cosine of the first part come from a table of 2,199 pairs (35 KB, filled once
/// per process), those of the rest (under 0.164°, x < 2.86e-3 rad) from x − x³/6 and
/// 1 − x²/2 + x⁴/24 (truncation errors below 1.6e-15 and 1e-18), joined by the angle-sum
/// formulas. Over every place of the bundled file the largest difference from the exact vector
/// is 2.4e-15; ``error`` allows 400 times that.
enum UnitVectorEstimate {
    /// Bound on the difference between an estimate and the exact unit vector, per component.
    static let error = 1e-12

    private static let origin = 18_000_000
    private static let shift = 14
    private static let radiansPerUnit = Double.pi / 180 / 1e5

    /// Sine and cosine of `a · 2¹⁴ − 18,000,000` units for a = 0...2198.
    static let table: [SIMD2<Double>] = (0...((2 * origin) >> shift) + 1).map { a in
        let radians = Double((a << shift) - origin) / 1e5 * .pi / 180
        return SIMD2(sin(radians), cos(radians))
    }

    /// The estimated unit vector of the place at `latitude`, `longitude` (1e-5 degrees); `table`
    /// is ``table``. Coordinates outside ±90°, ±180° give a finite vector of no meaning.
    @inline(__always)
    static func unitVector(
        latitudeE5: Int32, longitudeE5: Int32, table: UnsafeBufferPointer<SIMD2<Double>>
    )
        -> SIMD3<Double>
    {
        let (sinPhi, cosPhi) = sineCosine(latitudeE5, table)
        let (sinLambda, cosLambda) = sineCosine(longitudeE5, table)
        return SIMD3(cosPhi * cosLambda, cosPhi * sinLambda, sinPhi)
    }

    /// (sin, cos) of `units` · 1e-5°.
    @inline(__always)
    private static func sineCosine(_ units: Int32, _ table: UnsafeBufferPointer<SIMD2<Double>>) -> (Double, Double) {
        let u = Int(units) + origin
        let a = min(max(u >> shift, 0), table.count - 1)
        let x = Double(u - (a << shift)) * radiansPerUnit
        let x2 = x * x
        let sine = x - x * x2 * (1.0 / 6)
        let cosine = 1 - x2 * 0.5 + x2 * x2 * (1.0 / 24)
        let t = table[a]
        return (t.x * cosine + t.y * sine, t.y * cosine - t.x * sine)
    }
}
