/// How the weather service treats an advisory's life (`--advisory-lifecycle`, `advisory.lifecycle`).
public enum AdvisoryLifecycle: String, Sendable, Hashable, CaseIterable {
    /// The original app's view, and the default: every advisory a provider lists is a new one,
    /// CAP `Cancel` messages are dropped, expiry is not checked and the CAP fields are not posted.
    case seed
    /// The CAP lifecycle: an `Update` referencing a posted alert is `ADVISORY_UPDATED`, a
    /// `Cancel` is `ADVISORY_CANCELLED` (never pushed), an advisory past its `expires`/`ends` on
    /// the virtual clock is not posted, and `ADVISORY_AVAILABLE` carries the CAP fields.
    case cap
}
