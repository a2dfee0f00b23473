public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimSimulation
public import LocSimSupport

/// `google-legacy`: Google's retired iGoogle XML weather API, for regression against old
/// recordings, posted as `CONDITIONS_AVAILABLE` (see ``GoogleLegacyWeather``).
public struct GoogleLegacyProvider: WeatherProvider {
    public init() {}

    public var name: ProviderName { .googleLegacy }
    public var summary: String { "Google's retired iGoogle /ig/api (old recordings)" }
    public var endpoints: [EndpointDeclaration] { [GoogleLegacyWeather.endpoint] }

    public func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let adapter = GoogleLegacyWeather(
            client: context.http, baseURL: context.baseURL(GoogleLegacyWeather.endpoint.key),
            credentials: context.credentials)
        let conditions = try adapter.conditions(for: place)
        return [
            .notification(
                BusNotification(name: .conditionsAvailable, userInfo: conditions.userInfo(location: place.label)))
        ]
    }
}

extension ProviderName {
    /// Google's retired iGoogle API (``GoogleLegacyProvider``).
    public static let googleLegacy: ProviderName = "google-legacy"
}
