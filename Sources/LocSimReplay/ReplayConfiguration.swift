public import LocSimGPX
public import LocSimGeocoding
public import LocSimLocationCore
public import LocSimPluginOptions
public import LocSimSimulation

/// Everything that decides a replay's transcript besides the GPX file and the recorded HTTP
/// answers: engine, playback, geocoding and provider settings. A run is a function of
/// (GPX, configuration, cassettes).
public struct ReplayConfiguration: Sendable {
    /// `desiredAccuracy`, `distanceFilter`, significant-change mode, authorization, seed, noise.
    public var engine: LocationEngine.Configuration
    /// `--interval` and `--speed`.
    public var playback: Playback.Configuration
    /// `--source`; `nil` chooses tracks, else routes, else waypoints.
    public var source: GPXPointKind?
    /// `--loop N`: how many times the track is played.
    public var laps: Int
    /// `--geocoder`: a name in the app's geocoder registry.
    public var geocoder: GeocoderName
    /// Throttle, latency, overlap and the client policy under test.
    public var geocoding: GeocodeSessionConfiguration
    /// The weather services, push controller and their settings.
    public var services: ServiceConfiguration
    /// `--strict`: the GPX reader's warnings are errors (the replay stops at the first).
    public var strict = false
    /// The most raw fixes one run plays (all laps together); one more ends it with
    /// ``ReplayError`` (invalid input, exit 65) instead of running without bound.
    public var maxFixes = ReplayConfiguration.defaultMaxFixes

    /// 50,000,000 raw fixes: a 1,000,000-point track 50 times over, or 500,000 s at 0.01 s.
    public static let defaultMaxFixes = 50_000_000

    /// `--loop-mode`: what happens between laps.
    public var loopMode: LoopMode = .restart
    /// `--region`: the regions monitored, in order (beyond 20 each fails like CoreLocation).
    public var regions: [RegionSpec] = []
    /// `--event`: what happens during the drive, each at its instant (``DriveEvent``).
    public var events: [DriveEvent] = []
    /// Settings the run ignores, as CoreLocation would, one sentence each (printed as warnings).
    public var warnings: [String] = []

    public init(
        engine: LocationEngine.Configuration = .init(),
        playback: Playback.Configuration = .default,
        source: GPXPointKind? = nil,
        laps: Int = 1,
        geocoder: GeocoderName = .offline,
        geocoding: GeocodeSessionConfiguration = .init(),
        services: ServiceConfiguration = .init()
    ) {
        self.engine = engine
        self.playback = playback
        self.source = source
        self.laps = laps
        self.geocoder = geocoder
        self.geocoding = geocoding
        self.services = services
    }
}
