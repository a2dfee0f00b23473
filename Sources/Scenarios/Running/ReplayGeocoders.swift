public import Geocoding
public import HTTPRecording
import LocSimSettings
public import Replay

/// The reverse geocoder a replay configuration names. The embedded gazetteer is one value per
/// process, loaded on first use and shared by every replay and every `--jobs` worker.
public enum ReplayGeocoders {
    /// The embedded offline gazetteer (GeoNames cities1000), shared.
    public static let gazetteer = OfflineGazetteer()

    /// The geocoder for `configuration.geocoder`: the shared gazetteer (loaded now, so a broken
    /// data file fails before the replay starts), Nominatim over `client`, or `nil` for `none`.
    public static func make(
        for configuration: ReplayConfiguration, client: any HTTPClient
    ) throws(GazetteerError)
        -> (any ReverseGeocoder)?
    {
        switch configuration.geocoder {
        case .offline:
            _ = try gazetteer.load()
            return gazetteer
        case .nominatim:
            let services = configuration.services
            return NominatimGeocoder(
                client: client,
                baseURL: services.endpoints[NominatimGeocoder.endpoint.key] ?? NominatimGeocoder.defaultBaseURL,
                userAgent: services.credentials[NominatimGeocoder.userAgentSecret.variable])
        case .none:
            return nil
        }
    }
}
