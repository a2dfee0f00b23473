import LocSimGeocoding
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioReplay
import LocSimSupport

/// The reverse geocoder `--geocoder` names, from ``ReplayGeocoders`` and the app's registry (the
/// offline gazetteer is loaded once per process and shared with `locsim test`); a data file
/// that cannot be loaded, or a plug-in that cannot make its geocoder, is an internal error (70).
enum GeocoderFactory {
    static func make(
        _ configuration: ReplayConfiguration, client: any HTTPClient, app: ReplayApp
    ) throws -> (any ReverseGeocoder)? {
        do {
            return try ReplayGeocoders.make(for: configuration, client: client, app: app)
        } catch let error as GazetteerError {
            throw CommandFailure(.software, "cannot load the embedded gazetteer: \(error)")
        } catch {
            throw CommandFailure(.software, "cannot make the '\(configuration.geocoder)' geocoder: \(error)")
        }
    }
}
