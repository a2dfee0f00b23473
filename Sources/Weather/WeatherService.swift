public import HTTPRecording
public import Simulation
import Synchronization

/// The weather services of the app, wired to the bus: for every `LOCATION_AVAILABLE` it asks
/// each selected provider, in `--providers` order, synchronously, and posts what it learned.
///
/// Events (userInfo keys; `location` is ``WeatherPlace/label``, "Franklin, LA"):
/// - `ADVISORY_AVAILABLE` {location, name, body, provider, + type, expires, id, zone, severity,
///   emergency when known} for each advisory the ``AdvisorySelection`` picks that was not
///   already posted for that place in this run (``AdvisoryLedger``); nothing when every picked
///   advisory was posted before;
/// - `no_advisory` {location, provider} when Aeris or NWS report none;
/// - `UMBRELLA_JUDGEMENT` {location, maxPop, judgement} for `owm-umbrella`;
/// - `CONDITIONS_AVAILABLE` {location, provider, kind, condition, + temperature, high, low,
///   humidity, wind, windDirection, icon, units, description, reportedLocation, time} for
///   `owm-conditions` (current, then the forecast slots when enabled) and `google-legacy`;
/// - `provider_error` {provider, code, message} for any failure; the run goes on.
public final class WeatherService: Sendable {
    /// What the service asks and how it selects.
    public struct Configuration: Sendable, Hashable {
        /// Providers in the order they answer (`--providers`, default `aeris`).
        public var providers: [WeatherProviderID]
        public var baseURLs: BaseURLs
        public var credentials: ProviderCredentials
        /// `--advisory` (default `last`).
        public var selection: AdvisorySelection
        /// OpenWeatherMap `units` (`nil`: not sent, Kelvin).
        public var owmUnits: String?
        /// Whether `owm-conditions` also posts the 3-hourly forecast slots (one more request).
        public var owmForecastConditions: Bool
        /// Aeris `limit` (`nil`: not sent).
        public var aerisLimit: Int?

        public init(
            providers: [WeatherProviderID] = WeatherProviderID.defaultSelection, baseURLs: BaseURLs = .defaults,
            credentials: ProviderCredentials = .placeholders, selection: AdvisorySelection = .last,
            owmUnits: String? = nil, owmForecastConditions: Bool = false, aerisLimit: Int? = nil
        ) {
            self.providers = providers
            self.baseURLs = baseURLs
            self.credentials = credentials
            self.selection = selection
            self.owmUnits = owmUnits
            self.owmForecastConditions = owmForecastConditions
            self.aerisLimit = aerisLimit
        }
    }

    public let configuration: Configuration
    private let bus: NotificationBus
    private let client: any HTTPClient

    private struct State {
        var ledger = AdvisoryLedger()
        var token: NotificationBus.Token?
    }

    // Guards the ledger and the registration; never held while posting.
    private let state = Mutex(State())

    public init(bus: NotificationBus, client: any HTTPClient, configuration: Configuration = Configuration()) {
        self.bus = bus
        self.client = client
        self.configuration = configuration
    }

    /// Starts observing `LOCATION_AVAILABLE`. Calling it twice registers once. The bus keeps
    /// the service alive until ``stop()``.
    public func start() {
        let needsRegistration = state.withLock { $0.token == nil }
        guard needsRegistration else { return }
        let token = bus.addObserver(for: .locationAvailable) { notification in
            self.handle(WeatherPlace(userInfo: notification.userInfo))
        }
        state.withLock { $0.token = token }
    }

    /// Stops observing.
    public func stop() {
        if let token = state.withLock({ state -> NotificationBus.Token? in
            defer { state.token = nil }
            return state.token
        }) {
            bus.removeObserver(token)
        }
    }

    /// Asks every configured provider about `place` and posts the outcome.
    public func handle(_ place: WeatherPlace) {
        let location = place.label
        for provider in configuration.providers {
            switch provider {
            case .aeris:
                let adapter = AerisAdvisories(
                    client: client, baseURL: configuration.baseURLs[.aeris], credentials: configuration.credentials,
                    limit: configuration.aerisLimit)
                report(provider: provider, location: location) { () throws(ProviderFailure) in
                    try adapter.advisories(for: place)
                }
            case .nws:
                let adapter = NWSAlerts(
                    client: client, baseURL: configuration.baseURLs[.nws], credentials: configuration.credentials)
                report(provider: provider, location: location) { () throws(ProviderFailure) in
                    try adapter.advisories(for: place)
                }
            case .owmUmbrella:
                do {
                    let rule = try openWeatherMap.umbrella(for: place)
                    bus.post(.umbrellaJudgement, rule.userInfo(location: location))
                } catch {
                    bus.post(.providerError, error.userInfo)
                }
            case .owmConditions:
                do {
                    let current = try openWeatherMap.currentConditions(for: place)
                    bus.post(.conditionsAvailable, current.userInfo(location: location))
                    if configuration.owmForecastConditions {
                        for slot in try openWeatherMap.forecastConditions(for: place) {
                            bus.post(.conditionsAvailable, slot.userInfo(location: location))
                        }
                    }
                } catch {
                    bus.post(.providerError, error.userInfo)
                }
            case .googleLegacy:
                let adapter = GoogleLegacyWeather(
                    client: client, baseURL: configuration.baseURLs[.google], credentials: configuration.credentials)
                do {
                    let conditions = try adapter.conditions(for: place)
                    bus.post(.conditionsAvailable, conditions.userInfo(location: location))
                } catch {
                    bus.post(.providerError, error.userInfo)
                }
            }
        }
    }

    private var openWeatherMap: OpenWeatherMap {
        OpenWeatherMap(
            client: client, baseURL: configuration.baseURLs[.owm], credentials: configuration.credentials,
            units: configuration.owmUnits)
    }

    private func report(
        provider: WeatherProviderID, location: String, fetch: () throws(ProviderFailure) -> [Advisory]
    ) {
        let advisories: [Advisory]
        do {
            advisories = try fetch()
        } catch {
            bus.post(.providerError, error.userInfo)
            return
        }
        if advisories.isEmpty {
            bus.post(.noAdvisory, ["location": location, "provider": provider.rawValue])
            return
        }
        let selected = configuration.selection.select(advisories)
        let fresh = state.withLock { state in
            selected.filter { state.ledger.admit($0, location: location) }
        }
        for advisory in fresh {
            bus.post(.advisoryAvailable, advisory.userInfo(location: location))
        }
    }
}
