public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimSimulation
public import LocSimSupport

/// `owm-forecast`: the iOS 7 weather-app case study's flow (`WXManager`/`WXClient`): for each
/// place OpenWeatherMap 2.5 current conditions, 12 three-hour slots and 7 days, all imperial,
/// posted as `CONDITIONS_AVAILABLE` with `kind` `current`, `hourly`, `daily` (see
/// ``OpenWeatherMapForecast``).
///
/// The three answers stand alone, as the case study merges three signals: a failing one is a
/// `provider_error` (the case study's error banner) in its place, and the other two are still
/// posted.
public struct OpenWeatherMapForecastProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .owmForecast }
    public var summary: String {
        "OpenWeatherMap 2.5 current, 12 hourly and 7 daily slots in °F (the iOS 7 case study)"
    }
    public var endpoints: [EndpointDeclaration] { [OpenWeatherMap.endpoint] }
    public var secrets: [SecretDeclaration] { [OpenWeatherMap.appID] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        guard place.coordinate != nil else {
            throw ProviderFailure(
                provider: name.rawValue, code: "missing_location", message: "no coordinate to ask OpenWeatherMap about")
        }
        let adapter = OpenWeatherMapForecast(
            client: context.http, baseURL: context.baseURL(OpenWeatherMap.endpoint.key),
            credentials: context.credentials)
        var events: [WeatherEvent] = []
        for kind in OpenWeatherMapForecast.Kind.allCases {
            do {
                events += try adapter.conditions(kind, for: place).map {
                    .notification(
                        BusNotification(name: .conditionsAvailable, userInfo: $0.userInfo(location: place.label)))
                }
            } catch {
                let failure = error.redacted(with: context.credentials)
                events.append(.notification(BusNotification(name: .providerError, userInfo: failure.userInfo)))
            }
        }
        return events
    }
}

extension ProviderName {
    /// The iOS 7 case study's current, hourly and daily OpenWeatherMap 2.5 answers
    /// (``OpenWeatherMapForecastProvider``).
    public static let owmForecast: ProviderName = "owm-forecast"
}
