public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `nws`: National Weather Service active alerts at the place's point (see ``NWSAlerts``).
public struct NWSProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .nws }
    public var summary: String { "National Weather Service /alerts/active by point" }
    public var endpoints: [EndpointDeclaration] { [NWSAlerts.endpoint] }
    public var secrets: [SecretDeclaration] { [NWSAlerts.userAgent] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = NWSAlerts(
            client: context.http, baseURL: context.baseURL(NWSAlerts.endpoint.key), credentials: context.credentials)
        return [.advisories(try adapter.advisories(for: place))]
    }
}

extension ProviderName {
    /// National Weather Service alerts (``NWSProvider``).
    public static let nws: ProviderName = "nws"
}
