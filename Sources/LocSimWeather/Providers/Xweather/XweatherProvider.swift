public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `xweather`: Xweather `/alerts` by place, or by the closest point (`--xweather-query closest`;
/// see ``XweatherAlerts``).
public struct XweatherProvider: WeatherProvider {
    /// Which `/alerts` action is asked.
    public var query: XweatherQuery

    public init(query: XweatherQuery = .place) {
        self.query = query
    }

    public var name: ProviderName { .xweather }
    public var summary: String { "Xweather /alerts by place or closest point" }
    public var endpoints: [EndpointDeclaration] { [XweatherAlerts.endpoint] }
    public var secrets: [SecretDeclaration] { [XweatherAlerts.clientID, XweatherAlerts.clientSecret] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = XweatherAlerts(
            client: context.http, baseURL: context.baseURL(XweatherAlerts.endpoint.key),
            credentials: context.credentials, query: query)
        return [.advisories(try adapter.advisories(for: place))]
    }
}

extension ProviderName {
    /// Xweather `/alerts` by place or closest point (``XweatherProvider``).
    public static let xweather: ProviderName = "xweather"
}
