/// What an app declares about the services it calls: their base URLs and the secrets it sends.
/// Enough for `locsim serve` to route and redact without the replay pipeline; `ReplayApp`
/// conforms, and ``ServiceDeclarations`` is the plain value.
public protocol ServiceDeclaring: Sendable {
    /// Every base URL the app may call (the `/<key>/` routes of `locsim serve`).
    var endpoints: Endpoints { get }
    /// Every secret the app may send: what recordings and logs redact.
    var secrets: [SecretDeclaration] { get }
}
