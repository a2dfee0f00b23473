public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `--geocoder none`: no reverse geocoder, so no `LOCATION_AVAILABLE` and no provider runs.
public struct NoGeocoderPlugin: GeocoderPlugin {
    public init() {}

    public var name: GeocoderName { .none }
    public var help: String { "No geocoder: no LOCATION_AVAILABLE, so no provider runs." }

    public func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? { nil }
}

extension OpenName where Kind == GeocoderNameKind {
    /// No geocoder (``NoGeocoderPlugin``).
    public static var none: Self { "none" }
}
