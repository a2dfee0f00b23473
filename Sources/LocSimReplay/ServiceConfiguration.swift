public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimPush
public import LocSimSettings
public import LocSimWeather

/// The app side of a replay's configuration: which providers the weather service asks, how it
/// selects, whether pushes are sent, and the endpoints and credentials every request uses.
public struct ServiceConfiguration: Sendable {
    /// Providers in the order they answer, resolved by the run's ``ReplayApp/providers``.
    public var providers: [ProviderName]
    /// `--advisory` (default `last`).
    public var selection: AdvisorySelection
    /// `--advisory-lifecycle` (default `seed`).
    public var lifecycle: AdvisoryLifecycle
    /// The values of the plug-ins' own options (`--xweather-query`): each provider, geocoder and
    /// push sink of the run is `configured(with:)` them.
    public var pluginOptions: PluginOptionValues
    /// Whether the push controller runs (it does in the original app).
    public var push: Bool
    /// `--push-endpoint NAME[=URL]`: the sink each push is also sent to through the HTTP client
    /// (Parse, APNs, or one the app registers), resolved by ``ReplayApp/pushSinks``.
    public var pushSink: PushSinkSelection?
    /// Every declared base URL, overrides applied.
    public var endpoints: Endpoints
    /// Secrets from the environment, placeholders when replaying.
    public var credentials: Credentials

    public init(
        providers: [ProviderName] = ReplaySettings.defaultProviders, selection: AdvisorySelection = .last,
        push: Bool = true, pushSink: PushSinkSelection? = nil, endpoints: Endpoints = ReplayApp().endpoints,
        credentials: Credentials = .placeholders, lifecycle: AdvisoryLifecycle = .seed,
        pluginOptions: PluginOptionValues = PluginOptionValues()
    ) {
        self.lifecycle = lifecycle
        self.pluginOptions = pluginOptions
        self.providers = providers
        self.selection = selection
        self.push = push
        self.pushSink = pushSink
        self.endpoints = endpoints
        self.credentials = credentials
    }
}
