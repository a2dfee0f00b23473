// Series expansions of Karney (2013), "Algorithms for geodesics", J. Geodesy 87:43–55, to
// order 6 in the expansion parameter ε (eqs. 17–18, 24–25, 42–43 and the A3/C3 series of §6).
// The coefficients are the paper's; they are evaluated by Horner's rule.

extension Geodesic {
    /// A₁ − 1 (eq. 17).
    @inline(__always) static func a1m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (e2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ, l = 1…6 (eq. 18), in lanes 1…6.
    @inline(__always) static func c1(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps
        var c = SIMD8<Double>()
        var d = eps
        c[1] = d * ((6 - e2) * e2 - 16) / 32
        d *= eps
        c[2] = d * ((64 - 9 * e2) * e2 - 128) / 2048
        d *= eps
        c[3] = d * (9 * e2 - 16) / 768
        d *= eps
        c[4] = d * (3 * e2 - 5) / 512
        d *= eps
        c[5] = -7 * d / 1280
        d *= eps
        c[6] = -7 * d / 2048
        return c
    }

    /// C′₁ₗ, l = 1…6 (eq. 21, the reversion of C₁), in lanes 1…6.
    @inline(__always) static func c1p(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps
        var c = SIMD8<Double>()
        var d = eps
        c[1] = d * ((205 * e2 - 432) * e2 + 768) / 1536
        d *= eps
        c[2] = d * ((4005 * e2 - 4736) * e2 + 3840) / 12288
        d *= eps
        c[3] = d * (116 - 225 * e2) / 384
        d *= eps
        c[4] = d * (2695 - 7173 * e2) / 7680
        d *= eps
        c[5] = 3467 * d / 7680
        d *= eps
        c[6] = 38081 * d / 61440
        return c
    }

    /// A₂ − 1 (eq. 42).
    @inline(__always) static func a2m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (-11 * e2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ, l = 1…6 (eq. 43), in lanes 1…6.
    @inline(__always) static func c2(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps
        var c = SIMD8<Double>()
        var d = eps
        c[1] = d * ((e2 + 2) * e2 + 16) / 32
        d *= eps
        c[2] = d * ((35 * e2 + 64) * e2 + 384) / 2048
        d *= eps
        c[3] = d * (15 * e2 + 80) / 768
        d *= eps
        c[4] = d * (7 * e2 + 35) / 512
        d *= eps
        c[5] = 63 * d / 1280
        d *= eps
        c[6] = 77 * d / 2048
        return c
    }

    /// The coefficients of A₃(ε) as polynomials in the third flattening n (eq. 24), highest power
    /// of ε first, in lanes 0…5.
    static func a3Coefficients(n: Double) -> SIMD8<Double> {
        var a = SIMD8<Double>()
        a[0] = -3.0 / 128
        a[1] = (-2 * n - 3) / 64
        a[2] = ((-n - 3) * n - 1) / 16
        a[3] = ((3 * n - 1) * n - 2) / 8
        a[4] = (n - 1) / 2
        a[5] = 1
        return a
    }

    /// The coefficients of C₃ₗ(ε), l = 1…5, as polynomials in n (eq. 25), each l's block highest
    /// power of ε first, in lanes 0…14.
    static func c3Coefficients(n: Double) -> SIMD16<Double> {
        var c = SIMD16<Double>()
        // l = 1: ε⁵ … ε¹
        c[0] = 3.0 / 128
        c[1] = (2 * n + 5) / 128
        c[2] = ((3 - n) * n + 3) / 64
        c[3] = (1 - n * n) / 8
        c[4] = (1 - n) / 4
        // l = 2: ε⁵ … ε²
        c[5] = 5.0 / 256
        c[6] = (n + 3) / 128
        c[7] = ((-3 * n - 2) * n + 3) / 64
        c[8] = ((n - 3) * n + 2) / 32
        // l = 3: ε⁵ … ε³
        c[9] = 7.0 / 512
        c[10] = (9 - 10 * n) / 384
        c[11] = ((5 * n - 9) * n + 5) / 192
        // l = 4: ε⁵, ε⁴
        c[12] = 7.0 / 512
        c[13] = (7 - 14 * n) / 512
        // l = 5: ε⁵
        c[14] = 21.0 / 2560
        return c
    }

    /// A₃(ε).
    @inline(__always) func a3(_ eps: Double) -> Double {
        var y = a3x[0]
        for i in 1..<6 { y = y * eps + a3x[i] }
        return y
    }

    /// C₃ₗ(ε), l = 1…5, in lanes 1…5.
    @inline(__always) func c3(_ eps: Double) -> SIMD8<Double> {
        var c = SIMD8<Double>()
        var mult = 1.0
        var o = 0
        for l in 1..<6 {
            let m = 5 - l
            mult *= eps
            var y = c3x[o]
            var i = 0
            while i < m {
                i += 1
                y = y * eps + c3x[o + i]
            }
            c[l] = mult * y
            o += m + 1
        }
        return c
    }

    /// Σ c[l]·sin(2lσ), l = 1…count, by Clenshaw summation, given sin σ and cos σ.
    @inline(__always) static func sinSeries(
        _ sinx: Double, _ cosx: Double, _ c: SIMD8<Double>, count: Int
    ) -> Double {
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var k = count + 1
        var n = count
        var y0 = 0.0
        var y1 = 0.0
        if n & 1 == 1 {
            k -= 1
            y0 = c[k]
        }
        n /= 2
        while n > 0 {
            n -= 1
            k -= 1
            y1 = ar * y0 - y1 + c[k]
            k -= 1
            y0 = ar * y1 - y0 + c[k]
        }
        return 2 * sinx * cosx * y0
    }
}
