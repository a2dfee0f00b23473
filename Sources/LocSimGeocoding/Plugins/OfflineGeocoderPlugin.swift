public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// `--geocoder offline` (the default): the embedded gazetteer, one value per process, loaded
/// on first use and shared by every run and every `--jobs` worker.
public struct OfflineGeocoderPlugin: GeocoderPlugin {
    /// The embedded offline gazetteer (GeoNames cities1000), shared.
    public static let gazetteer = OfflineGazetteer()

    public init() {}

    public var name: GeocoderName { .offline }
    public var help: String { "The embedded offline gazetteer (GeoNames cities1000)." }

    /// The shared gazetteer, loaded now so a broken data file fails before the run starts.
    public func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? {
        _ = try Self.gazetteer.load()
        return Self.gazetteer
    }
}

extension OpenName where Kind == GeocoderNameKind {
    /// The embedded offline gazetteer (``OfflineGeocoderPlugin``).
    public static var offline: Self { "offline" }
}
