#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// URLSessions whose requests a locsim ``HTTPClient`` answers: how your own `URLSession` code
/// takes part in a replay or a test. Inside a provider or service, answer from the run's client
/// (cassettes when replaying):
///
/// ```swift
/// func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
///     try await LocSimURLSession.withSession(answering: context.http) { session in
///         let adapter = MyXweatherAdapter(session: session)   // your app's code, unchanged
///         return try await adapter.advisories(for: place.city).map(WeatherEvent.init)
///     }
/// }
/// ```
///
/// Each session gets a `URLProtocol` class of its own, so sessions with different clients run in
/// parallel without global registration. What the protocol cannot see: requests made through
/// other sessions (`URLSession.shared`, a session built before you swap the configuration).
public enum LocSimURLSession {
    /// A copy of `base` (default: ephemeral) whose `http`/`https` requests `client` answers,
    /// and the route to release with ``release(_:)`` once the session is done.
    public static func configuration(
        answering client: any HTTPClient, base: URLSessionConfiguration = .ephemeral
    ) -> (configuration: URLSessionConfiguration, route: Route) {
        configuration(answering: client, base: base, blocks: false)
    }

    /// ``configuration(answering:base:)`` for a client that may wait on a URLSession of its own.
    static func configuration(
        answering client: any HTTPClient, base: URLSessionConfiguration, blocks: Bool
    ) -> (configuration: URLSessionConfiguration, route: Route) {
        let (route, token) = URLProtocolRoutes.open(client, blocks: blocks)
        let configuration = base.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.protocolClasses = [protocolClass(forRoute: route)] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return (configuration, Route(index: route, token: token))
    }

    /// Runs `body` with a session answered by `client`, then invalidates it and frees its route.
    public static func withSession<T>(
        answering client: any HTTPClient, _ body: (URLSession) async throws -> T
    ) async rethrows -> T {
        let (configuration, route) = configuration(answering: client)
        let session = URLSession(configuration: configuration)
        defer {
            session.finishTasksAndInvalidate()
            release(route)
        }
        return try await body(session)
    }

    /// Frees a route made by ``configuration(answering:base:)``: its sessions answer nothing
    /// afterwards. Releasing the same route twice is harmless.
    public static func release(_ route: Route) {
        URLProtocolRoutes.release(route.index, token: route.token)
    }

    /// A session configuration's route to its client.
    public struct Route: Sendable, Hashable {
        let index: Int
        let token: Int
    }
}
