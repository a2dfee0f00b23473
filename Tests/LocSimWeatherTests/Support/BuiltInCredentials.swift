import LocSimGeocoding
import LocSimHTTPRecording
import LocSimWeather

extension Credentials {
    /// The secrets the built-in providers and the Nominatim geocoder declare, read from `environment`.
    static func builtIn(environment: [String: String]) -> Credentials {
        Credentials(
            declarations: ProviderRegistry.builtIn.secrets + [NominatimGeocoder.userAgentSecret],
            environment: environment)
    }
}
