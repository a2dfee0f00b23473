/// What the settings table needs to know about the plug-ins a run's app has registered: their
/// names (listed in `--help` and offered for "Did you mean"), the `--base-url` keys of their
/// endpoints, each push sink's phrase in `--push-endpoint`'s help, and the options they declare.
/// The composition root (`ReplayApp.pluginCatalog`) derives it from the app's registries; no
/// list of plug-in names lives here.
public struct PluginCatalog: Sendable {
    /// A push sink as `--push-endpoint`'s help describes it.
    public struct PushSink: Sendable, Hashable {
        /// Its name (`apns`).
        public var name: String
        /// Where it posts, as `--push-endpoint`'s help says it (`to APNs (apns=url, with --bundle-id)`).
        public var phrase: String

        public init(name: String, phrase: String) {
            self.name = name
            self.phrase = phrase
        }
    }

    /// The registered providers' names, in registration order.
    public var providers: [String]
    /// The registered geocoders' names, in registration order.
    public var geocoders: [String]
    /// The geocoders with no throttle unless `--geocode-limit` sets one (`nominatim`), named in
    /// its help.
    public var unthrottledGeocoders: [String]
    /// The registered push sinks, in registration order.
    public var pushSinks: [PushSink]
    /// Every endpoint key (`--base-url` key), in declaration order, each once.
    public var endpointKeys: [String]
    /// The options the providers declare, listed after `--advisory-lifecycle`.
    public var providerOptions: [PluginOption]
    /// The options the geocoders declare, listed after the geocoding settings.
    public var geocoderOptions: [PluginOption]
    /// The options the push sinks declare, listed after `--bundle-id`.
    public var pushSinkOptions: [PluginOption]

    public init(
        providers: [String] = [], geocoders: [String] = [], unthrottledGeocoders: [String] = [],
        pushSinks: [PushSink] = [], endpointKeys: [String] = [],
        providerOptions: [PluginOption] = [], geocoderOptions: [PluginOption] = [],
        pushSinkOptions: [PluginOption] = []
    ) {
        self.providers = providers
        self.geocoders = geocoders
        self.unthrottledGeocoders = unthrottledGeocoders
        self.pushSinks = pushSinks
        self.endpointKeys = endpointKeys
        self.providerOptions = providerOptions
        self.geocoderOptions = geocoderOptions
        self.pushSinkOptions = pushSinkOptions
    }
}
