import Geocoding
import HTTPRecording
import Replay
import Scenarios

/// The reverse geocoder `--geocoder` names, from ``ReplayGeocoders`` (the offline gazetteer is
/// loaded once per process and shared with `locsim test`); a data file that cannot be loaded is
/// an internal error (70).
enum GeocoderFactory {
    static func make(_ configuration: ReplayConfiguration, client: any HTTPClient) throws -> (any ReverseGeocoder)? {
        do {
            return try ReplayGeocoders.make(for: configuration, client: client)
        } catch {
            throw CommandFailure(.software, "cannot load the embedded gazetteer: \(error)")
        }
    }
}
