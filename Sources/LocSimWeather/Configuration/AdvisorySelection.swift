/// Which advisories of one provider answer are posted (`--advisory`, `advisory`).
public enum AdvisorySelection: String, Sendable, Hashable, CaseIterable {
    /// The last advisory of the answer: the original app's rule, and the default.
    case last
    /// The highest-ranked advisory; among equals, the last.
    case mostSevere = "most-severe"
    /// Every advisory, in the provider's order.
    case all
}
