/// One ``ServiceSession``'s side of a ``DeviceDrive``: its goal, whether it keeps the app in use,
/// and every diagnostic so far with its instant (kept for each iterator, after invalidation too).
struct SessionLog: Sendable {
    let authorization: ServiceSession.AuthorizationRequirement
    let fullAccuracy: Bool
    /// Whether the app has been active while the session was held: one made in the background
    /// keeps nothing in use until the app comes to the foreground (Apple: a session started
    /// from the background is `insufficientlyInUse`).
    var inUse: Bool
    /// `false` once invalidated.
    var isValid = true
    private(set) var diagnostics: [(t: Double, diagnostic: ServiceSession.Diagnostic)] = []

    init(authorization: ServiceSession.AuthorizationRequirement, fullAccuracy: Bool, inUse: Bool) {
        self.authorization = authorization
        self.fullAccuracy = fullAccuracy
        self.inUse = inUse
    }

    /// Whether it requires `whenInUse` or `always` and is held.
    var requiresInUse: Bool { isValid && authorization != .none }
    /// Whether it keeps a when-in-use app's updates going in the background.
    var keepsInUse: Bool { requiresInUse && inUse }

    /// Records `diagnostic` at `t` when it differs from the latest.
    mutating func note(_ diagnostic: ServiceSession.Diagnostic, at t: Double) {
        if diagnostics.last?.diagnostic != diagnostic { diagnostics.append((t, diagnostic)) }
    }
}
