/// What happens between the last point of a lap and the first of the next (`--loop-mode`).
public enum LoopMode: String, Sendable, Hashable, CaseIterable {
    /// Jump back: the next lap's first point comes one interval after the last point.
    case restart
    /// Drive back along the geodesic to the first point at `--speed`, then start the next lap.
    case `return`

    /// The default, `restart`.
    public static let `default` = LoopMode.restart
}
