public import LocSimGPX
public import LocSimGeocoding
public import LocSimHTTPRecording
public import LocSimLocationCore
public import LocSimPluginOptions
public import LocSimSimulation
public import LocSimSupport
public import LocSimWeather

/// The settings of one replay, whoever wrote them: `locsim replay` flags and `scenario.json`
/// both become a `ReplaySettings`, and the pipeline reads it. Its initial values are the
/// replay's defaults: the command line and `scenario.json` both start from `ReplaySettings()`, so
/// they cannot drift apart. (Some repeat an owner's own default, such as `DistanceFilter.default`
/// and `GPXReaderOptions`' `maxGap`, and `--map`'s caption spells a few itself.)
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
    /// `--noise` / `engine.noiseModel`.
    public var noiseModel: NoiseModel = .correlated
    /// `--region` / `engine.regions` (repeatable; at most 20 monitored, like CoreLocation).
    public var regions: [RegionSpec] = []
    /// `--event T=KIND` / `events`: what happens during the drive (repeatable), in any order.
    public var events: [DriveEvent] = []
    /// `--interval` / `playback.interval`, virtual seconds: 0 (the points only) or at least
    /// ``minimumInterval``.
    public var interval = 1.0
    /// `--speed` / `playback.speed`, m/s > 0.
    public var speed = 20.0
    /// `--max-gap` / `playback.maxGap`, seconds ≥ 0: a longer gap between points is a pause.
    public var maxGap = 600.0
    /// `--strict` / `playback.strict`: the GPX reader's warnings are errors.
    public var strict = false
    /// `--source` / `playback.source`; `nil` chooses tracks, else routes, else waypoints.
    public var source: GPXPointKind?
    /// `--loop` / `playback.loop`, from 1 to ``maximumLaps``.
    public var laps = 1
    /// `--loop-mode` / `playback.loopMode`.
    public var loopMode: LoopMode = .restart
    /// `--geocoder` / `geocoder.kind`: a name the run's geocoder registry knows (default: the
    /// embedded offline gazetteer).
    public var geocoder: GeocoderName = "offline"
    /// `--geocode-limit` / `geocoder.limit`. `nil`: Apple's 50 per 60 s for the offline gazetteer
    /// (it stands in for CLGeocoder), none for Nominatim (whose own 1 request/s policy applies).
    public var geocodeLimit: GeocodeLimit?
    /// `--geocode-latency` / `geocoder.latency`, virtual seconds.
    public var geocodeLatency = 0.0
    /// `--geocode-overlap` / `geocoder.overlap`.
    public var geocodeOverlap: GeocodeOverlapPolicy = .cancel
    /// `--geocode-min-interval` / `geocoder.minInterval`, virtual seconds.
    public var geocodeMinInterval = 0.0
    /// `--geocode-cache-radius` / `geocoder.cacheRadius`, metres.
    public var geocodeCacheRadius = 0.0
    /// `--placemark` / `geocoder.placemark`.
    public var placemark: PlacemarkNaming = .clgeocoder
    /// `--providers` / `providers`, in the order they answer. Names are resolved by the provider
    /// registry of the run, which rejects unknown ones.
    public var providers: [ProviderName] = ReplaySettings.defaultProviders
    /// `--advisory` / `advisory`.
    public var advisory: AdvisorySelection = .last
    /// `--advisory-lifecycle` / `advisoryLifecycle`.
    public var advisoryLifecycle: AdvisoryLifecycle = .seed
    /// The values of the options the app's plug-ins declare (``PluginOption``; `--xweather-query`
    /// / `xweather.query` for the built-in `xweather` provider), by `scenario.json` key.
    public var pluginOptions = PluginOptionValues()
    /// `false` is `--no-push` / `push.enabled: false`.
    public var push = true
    /// `--push-endpoint parse[=URL]` or `apns[=URL]` / `push.endpoint`.
    public var pushEndpoint: String?
    /// `--bundle-id` / `push.bundleID`: the app's bundle id, the APNs `apns-topic`.
    public var bundleID: String?
    /// `--http-timeout` / `http.timeout`: the overall deadline of one live request, seconds.
    public var httpTimeout = 30.0
    /// `--base-url KEY=URL` / `baseURLs`: base URLs overriding the endpoints' defaults. Keys are
    /// checked against the endpoints of the run.
    public var baseURLs: [EndpointKey: String] = [:]

    /// The smallest non-zero `--interval`: 0.01 virtual seconds (100 fixes per second of track).
    /// Smaller intervals only make a run take longer without bound.
    public static let minimumInterval = 0.01
    /// The largest `--loop`: 10,000 laps.
    public static let maximumLaps = 10_000

    /// The providers of the original app: Aeris alone.
    public static let defaultProviders: [ProviderName] = ["aeris"]

    /// Every setting at its default (the `locsim replay` defaults).
    public init() {}
}
