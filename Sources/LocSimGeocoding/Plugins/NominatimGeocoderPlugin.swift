public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `--geocoder nominatim`: ``NominatimGeocoder`` at the `nominatim` base URL, identified by
/// `NOMINATIM_USER_AGENT`; no Apple throttle, and at most one request a second (its usage policy).
public struct NominatimGeocoderPlugin: GeocoderPlugin {
    public init() {}

    public var name: GeocoderName { .nominatim }
    public var help: String { "Nominatim (OpenStreetMap) over HTTP." }
    public var endpoints: [EndpointDeclaration] { [NominatimGeocoder.endpoint] }
    public var secrets: [SecretDeclaration] { [NominatimGeocoder.userAgentSecret] }
    public var defaultLimit: GeocodeLimit? { nil }
    public var minimumRequestInterval: Duration { NominatimGeocoder.minimumRequestInterval }

    public func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? {
        NominatimGeocoder(
            client: client, baseURL: endpoints[NominatimGeocoder.endpoint.key] ?? NominatimGeocoder.defaultBaseURL,
            userAgent: credentials[NominatimGeocoder.userAgentSecret.variable])
    }
}

extension OpenName where Kind == GeocoderNameKind {
    /// Nominatim over HTTP (``NominatimGeocoderPlugin``).
    public static var nominatim: Self { "nominatim" }
}
