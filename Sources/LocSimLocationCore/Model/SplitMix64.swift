/// Steele, Lea and Flood's SplitMix64: a small, fast, seeded generator whose sequence is fixed by
/// its seed on every platform and Swift version. Drives the accuracy noise (`--seed`).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [0, 1) from the top 53 bits of the next value. Used instead of
    /// `Double.random(in:using:)`, whose mapping the standard library does not promise to keep.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
