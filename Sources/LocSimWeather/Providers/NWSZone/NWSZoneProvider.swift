public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `nws-zone`: National Weather Service active alerts in the forecast zone of the place's point,
/// which also finds zone-only alerts a point query misses (see ``NWSZoneAlerts``).
public struct NWSZoneProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .nwsZone }
    public var summary: String { "National Weather Service /alerts/active by the point's forecast zone" }
    public var endpoints: [EndpointDeclaration] { [NWSAlerts.endpoint] }
    public var secrets: [SecretDeclaration] { [NWSAlerts.userAgent] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = NWSZoneAlerts(
            client: context.http, baseURL: context.baseURL(NWSAlerts.endpoint.key), credentials: context.credentials)
        return [.advisories(try adapter.advisories(for: place))]
    }
}

extension ProviderName {
    /// National Weather Service alerts by forecast zone (``NWSZoneProvider``).
    public static let nwsZone: ProviderName = "nws-zone"
}
