extension Duration {
    /// The duration in seconds, as a `Double`: the nearest `Double` for whole milliseconds and
    /// microseconds (`.milliseconds(300)` is `0.3`), attosecond precision where a `Double` has it.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        // Dividing by 1e18 (exact in a Double) rounds once; multiplying by 1e-18 (inexact) made
        // `.milliseconds(300)` 0.30000000000000004.
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
