import LocSimSupport

/// The correlated position error: a first-order Gauss–Markov process per axis (east, north) in
/// units of the current `horizontalAccuracy` level, clamped to the unit disc, and a level that
/// holds for an exponentially distributed time (mean ``AccuracyProfile/dwellTime``).
///
/// Between fixes Δt apart each axis follows z ← φ·z + σ·√(1 − φ²)·w with φ = exp(−Δt/τ) and w
/// of zero mean and unit variance, so z has standard deviation σ and autocorrelation
/// exp(−|Δt|/τ), the first-order Gauss–Markov form. The innovations w are uniform on [−√3, √3]
/// (one uniform per axis, no logarithm: the engine's throughput target), so z is a sum of many
/// small independent terms (τ/Δt ≥ 60 at 1 Hz) and close to normal; the first fix draws z from
/// the normal stationary distribution (Marsaglia's polar method). A step that leaves the unit
/// disc is pulled back onto its edge, so the displacement, z times the level, never exceeds the
/// reported accuracy.
///
/// The level holds for an exponentially distributed time of mean ``AccuracyProfile/dwellTime``;
/// at the first fix at or past its end a new level is drawn (it may be the same one) and a new
/// hold. Each step draws, in order: when the hold is over, the level and the next hold (two
/// uniforms); then one uniform per axis (east, north). The first fix draws its level and hold,
/// then pairs of uniforms until the polar method accepts one. Everything depends only on the seed and
/// the fix instants.
public struct CorrelatedError: Sendable, Hashable {
    /// The class's levels and times.
    public let profile: AccuracyProfile
    /// The error, east and north, as a fraction of ``level``.
    public private(set) var east = 0.0
    public private(set) var north = 0.0
    /// The current `horizontalAccuracy` level, metres.
    public private(set) var level: Double
    private var lastT: Double?
    private var cachedStep = -1.0
    private var phi = 0.0
    private var innovation = 0.0
    /// When the level is next drawn again.
    private var nextSwitch = 0.0

    public init(profile: AccuracyProfile) {
        self.profile = profile
        level = profile.radius
    }

    /// Advances the process to instant `t` (seconds, not decreasing) with draws from `generator`.
    @inline(__always)
    public mutating func step(to t: Double, using generator: inout SplitMix64) {
        let sigma = AccuracyProfile.sigma
        guard let previous = lastT else {
            lastT = t
            level = profile.level(generator.nextUnit())
            nextSwitch = t + holdTime(generator.nextUnit())
            let (a, b) = Self.normals(&generator)
            (east, north) = Self.clamped(sigma * a, sigma * b)
            return
        }
        lastT = t
        let dt = max(0, t - previous)
        if dt != cachedStep {
            cachedStep = dt
            phi = exp(-dt / profile.correlationTime)
            innovation = sigma * (3 * (1 - phi * phi)).squareRoot()
        }
        if t >= nextSwitch {
            level = profile.level(generator.nextUnit())
            nextSwitch = t + holdTime(generator.nextUnit())
        }
        let a = 2 * generator.nextUnit() - 1
        let b = 2 * generator.nextUnit() - 1
        (east, north) = Self.clamped(phi * east + innovation * a, phi * north + innovation * b)
    }

    /// An exponentially distributed hold with mean ``AccuracyProfile/dwellTime`` for a uniform `u`.
    func holdTime(_ u: Double) -> Double { -profile.dwellTime * log(1 - u) }

    /// Two independent standard normals (Marsaglia's polar method).
    static func normals(_ generator: inout SplitMix64) -> (Double, Double) {
        while true {
            let x = 2 * generator.nextUnit() - 1
            let y = 2 * generator.nextUnit() - 1
            let s = x * x + y * y
            if s < 1, s > 0 {
                let factor = (-2 * log(s) / s).squareRoot()
                return (x * factor, y * factor)
            }
        }
    }

    /// (x, y) pulled onto the unit circle when outside it.
    @inline(__always)
    static func clamped(_ x: Double, _ y: Double) -> (Double, Double) {
        let r2 = x * x + y * y
        guard r2 > 1 else { return (x, y) }
        return onCircle(x, y, r2)
    }

    /// (x, y) with x² + y² = `r2` scaled onto the unit circle. Out of line: the pull is rare (~4 %
    /// of steps), and inlined the compiler computes it on every step and selects, which puts a
    /// square root and a division on the chain from one step to the next.
    @inline(never)
    static func onCircle(_ x: Double, _ y: Double, _ r2: Double) -> (Double, Double) {
        let scale = 1 / r2.squareRoot()
        return (x * scale, y * scale)
    }
}
