public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimSimulation
public import LocSimSupport

/// `owm-onecall`: OpenWeather One Call 3.0, its `alerts` as advisories and the umbrella rule
/// from `hourly[].pop` as `UMBRELLA_JUDGEMENT` (see ``OneCallWeather``).
public struct OneCallProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .owmOneCall }
    public var summary: String { "OpenWeather One Call 3.0: alerts and the umbrella rule from hourly pop" }
    public var endpoints: [EndpointDeclaration] { [OneCallWeather.endpoint] }
    public var secrets: [SecretDeclaration] { [OpenWeatherMap.appID] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = OneCallWeather(
            client: context.http, baseURL: context.baseURL(OneCallWeather.endpoint.key),
            credentials: context.credentials)
        let report = try adapter.report(for: place)
        var events: [WeatherEvent] = [.advisories(report.alerts)]
        if let umbrella = report.umbrella {
            events.append(
                .notification(
                    BusNotification(name: .umbrellaJudgement, userInfo: umbrella.userInfo(location: place.label))))
        }
        return events
    }
}

extension ProviderName {
    /// OpenWeather One Call 3.0 alerts and umbrella rule (``OneCallProvider``).
    public static let owmOneCall: ProviderName = "owm-onecall"
}
