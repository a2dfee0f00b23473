public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `weatherkit`: Apple WeatherKit REST `weatherAlerts` at the place's point, for its country
/// (see ``WeatherKitAlerts``); a region without alert coverage is `no_advisory` with reason
/// `no_coverage`.
public struct WeatherKitProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .weatherKit }
    public var summary: String { "Apple WeatherKit REST weatherAlerts by point and country" }
    public var endpoints: [EndpointDeclaration] { [WeatherKitAlerts.endpoint] }
    public var secrets: [SecretDeclaration] { [WeatherKitAlerts.token] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = WeatherKitAlerts(
            client: context.http, baseURL: context.baseURL(WeatherKitAlerts.endpoint.key),
            credentials: context.credentials)
        guard let alerts = try adapter.alerts(for: place) else { return [.noAdvisory(reason: "no_coverage")] }
        return [.advisories(alerts)]
    }
}

extension ProviderName {
    /// Apple WeatherKit REST alerts (``WeatherKitProvider``).
    public static let weatherKit: ProviderName = "weatherkit"
}
