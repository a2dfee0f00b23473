import Geocoding
import HTTPRecording
import Replay
import Scenarios
import Weather

/// The reverse geocoder `--geocoder` names. The offline gazetteer is loaded once per process
/// (``ReplayGeocoders/gazetteer``, shared with `locsim test`).
enum GeocoderFactory {
    static var gazetteer: OfflineGazetteer { ReplayGeocoders.gazetteer }

    static func make(_ configuration: ReplayConfiguration, client: any HTTPClient) throws -> (any ReverseGeocoder)? {
        switch configuration.geocoder {
        case .offline:
            do {
                _ = try gazetteer.load()
            } catch {
                throw CommandFailure(.software, "cannot load the embedded gazetteer: \(error)")
            }
            return gazetteer
        case .nominatim:
            let weather = configuration.services.weather
            return NominatimGeocoder(
                client: client, baseURL: weather.baseURLs[.nominatim], userAgent: weather.credentials.nominatimUserAgent
            )
        case .none:
            return nil
        }
    }
}
