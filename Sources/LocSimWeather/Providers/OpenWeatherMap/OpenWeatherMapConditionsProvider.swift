public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimSimulation
public import LocSimSupport

/// `owm-conditions`: OpenWeatherMap 2.5 `/weather` current conditions (and, when enabled, the
/// 3-hourly `/forecast` slots), posted as `CONDITIONS_AVAILABLE` (see ``OpenWeatherMap``).
public struct OpenWeatherMapConditionsProvider: WeatherProvider {
    /// OWM `units` (`nil`: not sent, Kelvin).
    public var units: String?
    /// Whether the forecast slots are posted too (one more request).
    public var forecastConditions: Bool

    public init(units: String? = nil, forecastConditions: Bool = false) {
        self.units = units
        self.forecastConditions = forecastConditions
    }

    public var name: ProviderName { .owmConditions }
    public var summary: String { "OpenWeatherMap 2.5 /weather current conditions" }
    public var endpoints: [EndpointDeclaration] { [OpenWeatherMap.endpoint] }
    public var secrets: [SecretDeclaration] { [OpenWeatherMap.appID] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = OpenWeatherMap(
            client: context.http, baseURL: context.baseURL(OpenWeatherMap.endpoint.key),
            credentials: context.credentials, units: units)
        let location = place.label
        let current = try adapter.currentConditions(for: place)
        var events: [WeatherEvent] = [.notification(conditions(current, location))]
        if forecastConditions {
            events += try adapter.forecastConditions(for: place).map { .notification(conditions($0, location)) }
        }
        return events
    }

    private func conditions(_ value: WeatherConditions, _ location: String) -> BusNotification {
        BusNotification(name: .conditionsAvailable, userInfo: value.userInfo(location: location))
    }
}

extension ProviderName {
    /// OpenWeatherMap 2.5 current conditions (``OpenWeatherMapConditionsProvider``).
    public static let owmConditions: ProviderName = "owm-conditions"
}
