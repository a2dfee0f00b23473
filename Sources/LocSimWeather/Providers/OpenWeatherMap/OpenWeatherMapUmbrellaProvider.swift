public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimSimulation
public import LocSimSupport

/// `owm-umbrella`: OpenWeatherMap 2.5 `/forecast` judged by the umbrella rule, posted as
/// `UMBRELLA_JUDGEMENT` (see ``OpenWeatherMap`` and ``UmbrellaRule``).
public struct OpenWeatherMapUmbrellaProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .owmUmbrella }
    public var summary: String { "OpenWeatherMap 2.5 /forecast, the umbrella rule" }
    public var endpoints: [EndpointDeclaration] { [OpenWeatherMap.endpoint] }
    public var secrets: [SecretDeclaration] { [OpenWeatherMap.appID] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = OpenWeatherMap(
            client: context.http, baseURL: context.baseURL(OpenWeatherMap.endpoint.key),
            credentials: context.credentials)
        let rule = try adapter.umbrella(for: place)
        return [
            .notification(BusNotification(name: .umbrellaJudgement, userInfo: rule.userInfo(location: place.label)))
        ]
    }
}

extension ProviderName {
    /// OpenWeatherMap 2.5 umbrella rule (``OpenWeatherMapUmbrellaProvider``).
    public static let owmUmbrella: ProviderName = "owm-umbrella"
}
