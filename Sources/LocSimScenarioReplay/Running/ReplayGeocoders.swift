public import LocSimGeocoding
public import LocSimHTTPRecording
public import LocSimReplay

/// The reverse geocoder a replay configuration names, made by the app's geocoder registry. The
/// embedded gazetteer is one value per process, loaded on first use and shared by every replay
/// and every `--jobs` worker.
public enum ReplayGeocoders {
    /// The embedded offline gazetteer (GeoNames cities1000), shared.
    public static var gazetteer: OfflineGazetteer { OfflineGeocoderPlugin.gazetteer }

    /// The geocoder for `configuration.geocoder` from `app`'s registry: the shared gazetteer
    /// (loaded now, so a broken data file fails before the replay starts), Nominatim over
    /// `client`, a registered plug-in's (configured with the run's plug-in options), or `nil`
    /// for `none`.
    ///
    /// - Throws: ``GeocoderRegistryError`` for a name `app` does not register, or what the
    ///   plug-in throws (``GazetteerError`` for a broken gazetteer).
    public static func make(
        for configuration: ReplayConfiguration, client: any HTTPClient, app: ReplayApp = ReplayApp()
    ) throws -> (any ReverseGeocoder)? {
        let services = configuration.services
        let plugin = try app.geocoders.resolve(configuration.geocoder).configured(with: services.pluginOptions)
        return try plugin.makeGeocoder(
            client: client, endpoints: services.endpoints, credentials: services.credentials)
    }
}
