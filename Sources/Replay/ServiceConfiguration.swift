public import HTTPRecording
public import LocSimSettings
public import Push

/// The app side of a replay's configuration: which providers the weather service asks, how it
/// selects, whether pushes are sent, and the endpoints and credentials every request uses.
public struct ServiceConfiguration: Sendable, Hashable {
    /// Providers in the order they answer, resolved by the run's ``ReplayApp/providers``.
    public var providers: [ProviderName]
    /// `--advisory` (default `last`).
    public var selection: AdvisorySelection
    /// `--advisory-lifecycle` (default `seed`).
    public var lifecycle: AdvisoryLifecycle
    /// `--xweather-query` (default `place`): the built-in `xweather` provider's action.
    public var xweatherQuery: XweatherQuery
    /// Whether the push controller runs (it does in the original app).
    public var push: Bool
    /// `--push-endpoint parse=URL`: also POST each push to Parse through the HTTP client.
    public var parseEndpoint: ParseEndpoint?
    /// `--push-endpoint apns=URL`: also POST each push to APNs through the HTTP client.
    public var apnsEndpoint: APNsEndpoint?
    /// Every declared base URL, overrides applied.
    public var endpoints: Endpoints
    /// Secrets from the environment, placeholders when replaying.
    public var credentials: Credentials

    public init(
        providers: [ProviderName] = ReplaySettings.defaultProviders, selection: AdvisorySelection = .last,
        push: Bool = true, parseEndpoint: ParseEndpoint? = nil, endpoints: Endpoints = ReplayApp().endpoints,
        credentials: Credentials = .placeholders, lifecycle: AdvisoryLifecycle = .seed,
        xweatherQuery: XweatherQuery = .place, apnsEndpoint: APNsEndpoint? = nil
    ) {
        self.lifecycle = lifecycle
        self.xweatherQuery = xweatherQuery
        self.apnsEndpoint = apnsEndpoint
        self.providers = providers
        self.selection = selection
        self.push = push
        self.parseEndpoint = parseEndpoint
        self.endpoints = endpoints
        self.credentials = credentials
    }
}
