public import GPX
public import Geocoding
public import LocationCore
import Push
public import Replay
import Simulation
public import Weather

/// The settings of one replay, independent of where they were written: `locsim replay` flags and
/// `scenario.json` both become a `ReplaySettings`, and ``configuration(credentials:)`` turns it
/// into the pipeline's ``ReplayConfiguration``. The defaults live here only, so the command line
/// and the scenarios cannot drift apart.
public struct ReplaySettings: Sendable, Hashable {
    /// `--accuracy` / `engine.desiredAccuracy`.
    public var desiredAccuracy: DesiredAccuracy = .kilometer
    /// `--distance-filter` / `engine.distanceFilter`.
    public var distanceFilter: DistanceFilter = .metres(3000)
    /// `--significant-change` / `engine.significantChange`.
    public var significantChange = false
    /// `--authorization` / `engine.authorization`.
    public var authorization: AuthorizationStatus = .authorizedAlways
    /// `--seed` / `seed`.
    public var seed: UInt64 = 0
    /// `false` is `--no-noise` / `engine.noise: false`.
    public var noise = true
    /// `--interval` / `playback.interval`, virtual seconds ≥ 0.
    public var interval = 1.0
    /// `--speed` / `playback.speed`, m/s > 0.
    public var speed = 20.0
    /// `--max-gap` / `playback.maxGap`, seconds ≥ 0: longer gaps between points are pauses.
    public var maxGap = Playback.Configuration.defaultMaxGap
    /// `--strict`: the GPX reader's warnings are errors.
    public var strict = false
    /// `--source` / `playback.source`; `nil` chooses tracks, else routes, else waypoints.
    public var source: GPXPointKind?
    /// `--loop` / `playback.loop`, at least 1.
    public var laps = 1
    /// `--geocoder` / `geocoder.kind`.
    public var geocoder: GeocoderKind = .offline
    /// `--geocode-limit` / `geocoder.limit`. `nil`: Apple's 50 per 60 s for the offline gazetteer
    /// (it stands in for CLGeocoder), none for Nominatim (whose own 1 request/s policy applies).
    public var geocodeLimit: GeocodeThrottle?
    /// `--geocode-latency` / `geocoder.latency`, virtual seconds.
    public var geocodeLatency = 0.0
    /// `--geocode-overlap` / `geocoder.overlap`.
    public var geocodeOverlap: GeocodeOverlapPolicy = .cancel
    /// `--geocode-min-interval` / `geocoder.minInterval`, virtual seconds.
    public var geocodeMinInterval = 0.0
    /// `--geocode-cache-radius` / `geocoder.cacheRadius`, metres.
    public var geocodeCacheRadius = 0.0
    /// `--providers` / `providers`, in the order they answer.
    public var providers: [WeatherProviderID] = WeatherProviderID.defaultSelection
    /// `--advisory` / `advisory`.
    public var advisory: AdvisorySelection = .last
    /// `false` is `--no-push` / `push.enabled: false`.
    public var push = true
    /// `--push-endpoint parse[=URL]` (command line only).
    public var pushEndpoint: String?
    /// `--base-url KEY=URL` / `baseURLs`: the services' base URLs, defaults where not overridden.
    public var baseURLs: BaseURLs = .defaults

    /// Every setting at its default (the `locsim replay` defaults of DESIGN §9).
    public init() {}

    /// The `--source` spelling (`wpt`, `rte`, `trk`) as a point kind.
    public static func pointKind(argument: String) -> GPXPointKind? {
        switch argument {
        case "wpt": .waypoint
        case "rte": .routePoint
        case "trk": .trackPoint
        default: nil
        }
    }

    /// The pipeline configuration. `credentials` are the provider keys (placeholders for an
    /// offline replay). Nominatim's usage policy raises the minimum interval between geocodes to
    /// ``NominatimGeocoder/minimumRequestInterval``.
    ///
    /// - Throws: ``ReplaySettingsError`` naming the option, for values no parser checked
    ///   (an interval or speed out of range, a bad `--push-endpoint`).
    public func configuration(credentials: ProviderCredentials) throws(ReplaySettingsError) -> ReplayConfiguration {
        let engine = LocationEngine.Configuration(
            desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter, significantChange: significantChange,
            authorization: authorization, seed: seed, noise: noise)
        guard interval.isFinite, interval >= 0 else {
            throw ReplaySettingsError(option: "--interval", message: "'--interval' must be a number of seconds ≥ 0")
        }
        guard maxGap >= 0 else {
            throw ReplaySettingsError(option: "--max-gap", message: "'--max-gap' must be a number of seconds ≥ 0")
        }
        guard let playback = Playback.Configuration(interval: interval, speed: speed, maxGap: maxGap) else {
            throw ReplaySettingsError(option: "--speed", message: "'--speed' must be a speed > 0 in m/s")
        }
        guard laps >= 1 else {
            throw ReplaySettingsError(option: "--loop", message: "'--loop' must be a positive integer")
        }
        var geocoding = GeocodeSessionConfiguration(
            minInterval: geocodeMinInterval, cacheRadius: geocodeCacheRadius,
            throttle: geocodeLimit ?? (geocoder == .nominatim ? nil : .apple),
            latency: geocodeLatency, overlap: geocodeOverlap)
        if geocoder == .nominatim {
            geocoding.minInterval = max(geocoding.minInterval, NominatimGeocoder.minimumRequestInterval)
        }
        let weather = WeatherService.Configuration(
            providers: providers, baseURLs: baseURLs, credentials: credentials, selection: advisory)
        let parse: ParseEndpoint?
        do throws(WeatherConfigurationError) {
            parse = try pushEndpoint.map { argument throws(WeatherConfigurationError) in
                try ParseEndpoint.parse(argument: argument, baseURLs: baseURLs, credentials: credentials)
            }
        } catch {
            throw ReplaySettingsError(option: error.option, message: error.message)
        }
        var configuration = ReplayConfiguration(
            engine: engine, playback: playback, source: source, laps: laps, geocoder: geocoder, geocoding: geocoding,
            services: ServiceConfiguration(weather: weather, push: push, parseEndpoint: parse))
        configuration.strict = strict
        return configuration
    }
}
