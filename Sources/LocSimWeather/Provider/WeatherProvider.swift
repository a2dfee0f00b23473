public import LocSimAppServices
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// A weather provider: turns a place into events, over the run's HTTP client. The built-in
/// providers (``ProviderRegistry/builtIn``) are ordinary conformers; a library user registers
/// their own in a ``ProviderRegistry`` under its ``name`` and names it in `--providers` or
/// `scenario.json`.
///
/// ```swift
/// struct MyAlerts: WeatherProvider {
///     var name: ProviderName { "my-alerts" }
///     var endpoints: [EndpointDeclaration] { [.init(key: "my-alerts", defaultBaseURL: "https://alerts.example.com")] }
///     var secrets: [SecretDeclaration] { [.init(variable: "MY_ALERTS_KEY", queryParameters: ["key"])] }
///
///     func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
///         let url = context.baseURL("my-alerts") + "/alerts?city=\(place.city)&key=\(context.credentials["MY_ALERTS_KEY"])"
///         let response = try await context.http.response(for: HTTPRequest(url: url))
///         return [.advisories(try MyAlerts.parse(response))]
///     }
/// }
/// ```
///
/// Failures: throw a ``ProviderFailure`` (its code becomes the `provider_error` code); any other
/// error becomes `provider_error` with code `provider_error`. The run goes on.
public protocol WeatherProvider: Sendable {
    /// The registered name, also the `provider` of every event it causes.
    var name: ProviderName { get }
    /// The base URLs it calls (their keys are `--base-url` keys). Default: none.
    var endpoints: [EndpointDeclaration] { get }
    /// The secrets it sends; recordings get their placeholders. Default: none.
    var secrets: [SecretDeclaration] { get }
    /// Virtual time from the question to its answer being posted (`.milliseconds(500)`).
    /// Default `.zero`: the answer is posted at the instant `LOCATION_AVAILABLE` was, however
    /// long the code awaited.
    var latency: Duration { get }
    /// One line for `--help` and error messages.
    var summary: String { get }
    /// The options it takes (`--xweather-query`), listed in `--help` and read from
    /// `scenario.json`. Default: none.
    var options: [PluginOption] { get }

    /// The provider a run uses, given the values of the run's plug-in options. Default: itself.
    func configured(with options: PluginOptionValues) -> Self

    /// How `--advisory most-severe` ranks one answer's advisories: compared in order, the
    /// largest wins (a tie keeps the later one). Default: ``AdvisorySelection/rank(_:)``, which
    /// reads the fields the built-ins fill (`priority`, `urgency`, `severity`, `type`, `emergency`).
    func severityRank(of advisory: Advisory) -> [Int]

    /// What the provider reports about `place`.
    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent]
}

extension WeatherProvider {
    public var endpoints: [EndpointDeclaration] { [] }
    public var secrets: [SecretDeclaration] { [] }
    public var latency: Duration { .zero }
    public var summary: String { name.rawValue }
    public var options: [PluginOption] { [] }
    public func configured(with options: PluginOptionValues) -> Self { self }
    public func severityRank(of advisory: Advisory) -> [Int] { AdvisorySelection.rank(advisory) }
}
