import Foundation
import LocSim
import LocSimURLProtocol
import WeatherAlertsApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's Xweather adapter as a locsim provider: the app's own `URLSession` code, answered by
/// the replay's HTTP client (the scenario's cassette) through ``LocSimURLSession``.
struct AppXweatherProvider: WeatherProvider {
    static let endpoint = EndpointDeclaration(key: "app-xweather", defaultBaseURL: "https://data.api.xweather.com")
    static let clientID = SecretDeclaration(
        variable: "XWEATHER_CLIENT_ID", queryParameters: ["client_id"], hosts: ["data.api.xweather.com"])
    static let clientSecret = SecretDeclaration(
        variable: "XWEATHER_CLIENT_SECRET", queryParameters: ["client_secret"], hosts: ["data.api.xweather.com"])

    /// The adapter under test (the app's, or a broken copy to show a regression).
    var makeClient: @Sendable (URLSession, URL, String, String) -> any AlertsFetching = { session, base, id, secret in
        XweatherAlertsClient(session: session, baseURL: base, clientID: id, clientSecret: secret)
    }

    var name: ProviderName { "app-xweather" }
    var summary: String { "the example app's Xweather /alerts adapter" }
    var endpoints: [EndpointDeclaration] { [Self.endpoint] }
    var secrets: [SecretDeclaration] { [Self.clientID, Self.clientSecret] }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let base = URL(string: context.baseURL(Self.endpoint.key))!
        let credentials = context.credentials
        return try await LocSimURLSession.withSession(answering: context.http) { session in
            let client = makeClient(
                session, base, credentials[Self.clientID.variable], credentials[Self.clientSecret.variable])
            let alerts: [WeatherAlert]
            do {
                alerts = try await client.alerts(city: place.city, state: place.state)
            } catch XweatherAlertsClient.Failure.api(let code, let description) {
                throw ProviderFailure(provider: name.rawValue, code: code, message: description)
            }
            return [
                .advisories(
                    alerts.map {
                        Advisory(
                            provider: name, id: $0.id, name: $0.title, type: $0.code, body: $0.text, expires: $0.expires
                        )
                    })
            ]
        }
    }
}

/// What the provider needs of an adapter.
protocol AlertsFetching: Sendable {
    func alerts(city: String, state: String) async throws -> [WeatherAlert]
}

extension XweatherAlertsClient: AlertsFetching {}
