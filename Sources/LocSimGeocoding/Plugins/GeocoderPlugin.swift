public import LocSimHTTPRecording
public import LocSimPluginOptions

/// A reverse geocoder a run can name (`--geocoder`, `scenario.json`'s `geocoder.kind`). It
/// declares everything about itself — name, help, the base URLs it calls, the secrets it sends,
/// its pacing defaults — and makes the ``ReverseGeocoder`` for one run. Register your own in a
/// ``GeocoderRegistry`` (the replay app's `geocoders`).
public protocol GeocoderPlugin: Sendable {
    /// The name `--geocoder` and `geocoder.kind` take.
    var name: GeocoderName { get }
    /// One line on what it answers with.
    var help: String { get }
    /// The base URLs it calls (`--base-url` keys). Default: none.
    var endpoints: [EndpointDeclaration] { get }
    /// The secrets it sends (redacted from recordings). Default: none.
    var secrets: [SecretDeclaration] { get }
    /// The throttle a run has when `--geocode-limit` is not given; `nil` for none. Default:
    /// Apple's (``GeocodeLimit/apple``).
    var defaultLimit: GeocodeLimit? { get }
    /// The time between requests its usage policy requires (`.seconds(1)`): the run's minimum
    /// interval between geocodes is raised to it. Default: `.zero`.
    var minimumRequestInterval: Duration { get }
    /// The options it takes, listed in `--help` and read from `scenario.json`. Default: none.
    var options: [PluginOption] { get }

    /// The plug-in a run uses, given the values of the run's plug-in options. Default: itself.
    func configured(with options: PluginOptionValues) -> Self

    /// The geocoder for one run, calling `client` at `endpoints` with `credentials`; `nil` for
    /// none (no `LOCATION_AVAILABLE`, so no provider runs).
    func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)?
}

extension GeocoderPlugin {
    public var endpoints: [EndpointDeclaration] { [] }
    public var secrets: [SecretDeclaration] { [] }
    public var defaultLimit: GeocodeLimit? { .apple }
    public var minimumRequestInterval: Duration { .zero }
    public var options: [PluginOption] { [] }
    public func configured(with options: PluginOptionValues) -> Self { self }
}
