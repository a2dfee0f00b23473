public import LocSimAppServices
public import LocSimGeocoding
public import LocSimHTTPRecording
public import LocSimPush
public import LocSimWeather

/// The app a replay drives: the providers it can name and the services on its bus. The default
/// is the original app — the built-in weather service over ``ServiceConfiguration/providers``
/// and the push controller. Replace either with your own, add more, or register providers:
///
/// ```swift
/// var app = ReplayApp()
/// try app.providers.register(MyAlertsProvider())
/// try app.geocoders.register(MyGeocoderPlugin())
/// try app.pushSinks.register(MyPushSinkPlugin())
/// app.pushService = MyPushLogic()
/// let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: client, app: app)
/// ```
///
/// Services are registered on the bus in this order: weather, push, then ``additionalServices``.
public struct ReplayApp: Sendable {
    /// The providers `--providers` and `scenario.json` can name.
    public var providers: ProviderRegistry { didSet { table = SettingsTableCache() } }
    /// The reverse geocoders `--geocoder` and `scenario.json`'s `geocoder.kind` can name.
    public var geocoders: GeocoderRegistry { didSet { table = SettingsTableCache() } }
    /// The push sinks `--push-endpoint` and `scenario.json`'s `push.endpoint` can name.
    public var pushSinks: PushSinkRegistry { didSet { table = SettingsTableCache() } }
    /// In place of the built-in weather service; `nil` keeps it.
    public var weatherService: (any AppService)?
    /// In place of the built-in push controller; `nil` keeps it (when push is enabled).
    public var pushService: (any AppService)?
    /// More services, after weather and push.
    public var additionalServices: [any AppService]
    /// In place of the built-in location controller (geocode each delivered location, post
    /// `LOCATION_AVAILABLE`); `nil` keeps it. Called only when the run geocodes (not with
    /// `--geocoder none`).
    public var locationController: (any LocationControlling)?
    /// How long (wall clock) one provider or service call may take before it is given up as
    /// hung (`provider_error` code `timed_out`).
    public var serviceTimeout: Duration
    /// ``settingsTable``, built on first use and again only after a registry changes.
    var table = SettingsTableCache()

    public init(
        providers: ProviderRegistry = .builtIn, weatherService: (any AppService)? = nil,
        pushService: (any AppService)? = nil, additionalServices: [any AppService] = [],
        serviceTimeout: Duration = .seconds(30),
        geocoders: GeocoderRegistry = .builtIn, pushSinks: PushSinkRegistry = .builtIn
    ) {
        self.providers = providers
        self.geocoders = geocoders
        self.pushSinks = pushSinks
        self.weatherService = weatherService
        self.pushService = pushService
        self.additionalServices = additionalServices
        self.serviceTimeout = serviceTimeout
        locationController = nil
    }

    /// Every base URL the app may call: the providers', the geocoders' and the push sinks'.
    public var endpoints: Endpoints {
        Endpoints(providers.endpoints + geocoders.endpoints + pushSinks.endpoints)
    }

    /// The matching rules every session of the app starts from: its endpoints' declared
    /// positions (``EndpointDeclaration/positions``), matched to the nearest recorded position.
    public var matchingRules: MatchingRules { MatchingRules(positions: endpoints.positionRules) }

    /// Every secret the app may send: what recordings redact and the leak check looks for.
    public var secrets: [SecretDeclaration] {
        providers.secrets + geocoders.secrets + pushSinks.secrets
    }

    /// The secrets one run of `configuration` may send: those of the providers it names, of
    /// the geocoder it names, and of the push endpoint it posts to.
    public func secrets(for configuration: ReplayConfiguration) -> [SecretDeclaration] {
        let services = configuration.services
        var result = configuration.services.providers.compactMap { providers[$0] }.flatMap(\.secrets)
        result += geocoders[configuration.geocoder]?.secrets ?? []
        result += services.pushSink?.plugin.secrets ?? []
        return result
    }

    /// The services of one run of `configuration`, in bus order.
    func services(for configuration: ServiceConfiguration) throws(ReplaySettingsError) -> [any AppService] {
        var services: [any AppService] = []
        if let weatherService {
            services.append(weatherService)
        } else if !configuration.providers.isEmpty {
            do throws(WeatherConfigurationError) {
                let providers = try providers.resolve(configuration.providers).map {
                    $0.configured(with: configuration.pluginOptions)
                }
                services.append(
                    WeatherService(
                        providers: providers, selection: configuration.selection, lifecycle: configuration.lifecycle))
            } catch {
                throw ReplaySettingsError(
                    option: error.option, message: error.message, value: error.value, validValues: error.validValues)
            }
        }
        if let pushService {
            services.append(pushService)
        } else if configuration.push {
            services.append(PushController(sinks: configuration.pushSink.map { [$0.sink] } ?? []))
        }
        return services + additionalServices
    }
}
