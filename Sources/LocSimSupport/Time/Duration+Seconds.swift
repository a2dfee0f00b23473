extension Duration {
    /// The duration in seconds, as a `Double` (attosecond precision where a `Double` has it).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
