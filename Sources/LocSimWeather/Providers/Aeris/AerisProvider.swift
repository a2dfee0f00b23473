public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `aeris`: the original app's provider, Aeris/Xweather `/advisories` (see ``AerisAdvisories``).
public struct AerisProvider: WeatherProvider {
    /// Aeris's `limit` parameter; `nil` leaves it out.
    public var limit: Int?

    public init(limit: Int? = nil) {
        self.limit = limit
    }

    public var name: ProviderName { .aeris }
    public var summary: String { "Aeris/Xweather /advisories by place" }
    public var endpoints: [EndpointDeclaration] { [AerisAdvisories.endpoint] }
    public var secrets: [SecretDeclaration] { [AerisAdvisories.clientID, AerisAdvisories.clientSecret] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = AerisAdvisories(
            client: context.http, baseURL: context.baseURL(AerisAdvisories.endpoint.key),
            credentials: context.credentials, limit: limit)
        return [.advisories(try adapter.advisories(for: place))]
    }
}

extension ProviderName {
    /// Aeris/Xweather `/advisories` (``AerisProvider``).
    public static let aeris: ProviderName = "aeris"
}
