/// Which error process displaces the reported positions (`--noise`).
public enum NoiseModel: String, Sendable, Hashable, CaseIterable {
    /// Correlated in time (the default): a bounded first-order Gauss–Markov process per axis, and
    /// a `horizontalAccuracy` that varies between a few levels (docs/engine.md).
    case correlated
    /// Independent per fix, uniform over the disc of the radius, `horizontalAccuracy` fixed (the
    /// model before issue 17; its transcripts are the old goldens).
    case white

    /// The default, `correlated`.
    public static let `default` = NoiseModel.correlated
}
