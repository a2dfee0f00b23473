/// The contents of a `Recordings/<name>/scenario.json`: the documented, versioned settings of one
/// scenario (schema version 1; see docs/harness.md).
///
/// Keys mirror the `locsim replay` flags (DESIGN §9). Every setting except ``version`` and
/// ``track`` is optional: `nil` means "the CLI default". Values are kept as plain Swift values
/// (strings, numbers, booleans and enums of the literal strings) so the pipeline can map them onto
/// its own configuration. Read one with ``parse(_:file:)``, which validates strictly: unknown keys
/// and bad values are errors naming the file and the key path.
public struct ScenarioFile: Sendable, Hashable {
    /// The schema version this build reads and writes.
    public static let currentVersion = 1

    /// Schema version; always ``currentVersion`` for a parsed file.
    public var version: Int
    /// Free text for people reading the folder.
    public var description: String?
    /// The GPX track, relative to the repository root (`Waypoints/franklin-la.gpx`).
    public var track: String
    /// `--seed`: picks the accuracy-noise sequence.
    public var seed: UInt64?
    /// Location-engine settings.
    public var engine: Engine
    /// Playback settings.
    public var playback: Playback
    /// Reverse-geocoder settings.
    public var geocoder: Geocoder
    /// `--providers`, in order (order is bus registration order). `["none"]` parses as `[]`.
    public var providers: [Provider]?
    /// `--advisory`: which advisory of a response is pushed.
    public var advisory: AdvisorySelection?
    /// Push-controller settings.
    public var push: Push
    /// `--base-url` overrides, keyed by service. Cassettes match on host and path, so a scenario
    /// recorded against a loopback server keeps that server's base URL here.
    public var baseURLs: [BaseURLKey: String]

    /// A version-1 scenario for `track` with every other setting at its default.
    public init(
        track: String, description: String? = nil, seed: UInt64? = nil, engine: Engine = Engine(),
        playback: Playback = Playback(), geocoder: Geocoder = Geocoder(), providers: [Provider]? = nil,
        advisory: AdvisorySelection? = nil, push: Push = Push(), baseURLs: [BaseURLKey: String] = [:]
    ) {
        self.version = Self.currentVersion
        self.description = description
        self.track = track
        self.seed = seed
        self.engine = engine
        self.playback = playback
        self.geocoder = geocoder
        self.providers = providers
        self.advisory = advisory
        self.push = push
        self.baseURLs = baseURLs
    }

    /// `"engine"`: the simulated CLLocationManager.
    public struct Engine: Sendable, Hashable {
        /// `--accuracy`: a CoreLocation preset or metres.
        public var desiredAccuracy: DesiredAccuracy?
        /// `--distance-filter`: metres or `none`.
        public var distanceFilter: DistanceFilter?
        /// `--significant-change`.
        public var significantChange: Bool?
        /// `--authorization`.
        public var authorization: Authorization?
        /// `false` is `--no-noise`.
        public var noise: Bool?

        public init(
            desiredAccuracy: DesiredAccuracy? = nil, distanceFilter: DistanceFilter? = nil,
            significantChange: Bool? = nil, authorization: Authorization? = nil, noise: Bool? = nil
        ) {
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.significantChange = significantChange
            self.authorization = authorization
            self.noise = noise
        }
    }

    /// `"playback"`: how the track is turned into raw fixes.
    public struct Playback: Sendable, Hashable {
        /// `--interval` in virtual seconds (`0`: the points only).
        public var interval: Double?
        /// `--speed` in m/s for untimed points.
        public var speed: Double?
        /// `--source`.
        public var source: PointSource?
        /// `--loop`: how many times the track is played (at least 1).
        public var loop: Int?

        public init(interval: Double? = nil, speed: Double? = nil, source: PointSource? = nil, loop: Int? = nil) {
            self.interval = interval
            self.speed = speed
            self.source = source
            self.loop = loop
        }
    }

    /// `"geocoder"`: the reverse geocoder, its throttle and the client policy under test.
    public struct Geocoder: Sendable, Hashable {
        /// `--geocoder`.
        public var kind: GeocoderKind?
        /// `--geocode-limit N/S`.
        public var limit: GeocodeLimit?
        /// `--geocode-latency` in virtual seconds.
        public var latency: Double?
        /// `--geocode-overlap`.
        public var overlap: GeocodeOverlap?
        /// `--geocode-min-interval` in virtual seconds.
        public var minInterval: Double?
        /// `--geocode-cache-radius` in metres.
        public var cacheRadius: Double?

        public init(
            kind: GeocoderKind? = nil, limit: GeocodeLimit? = nil, latency: Double? = nil,
            overlap: GeocodeOverlap? = nil, minInterval: Double? = nil, cacheRadius: Double? = nil
        ) {
            self.kind = kind
            self.limit = limit
            self.latency = latency
            self.overlap = overlap
            self.minInterval = minInterval
            self.cacheRadius = cacheRadius
        }
    }

    /// `"push"`: the push controller.
    public struct Push: Sendable, Hashable {
        /// Whether advisories are pushed (default `true`).
        public var enabled: Bool?

        public init(enabled: Bool? = nil) {
            self.enabled = enabled
        }
    }
}
