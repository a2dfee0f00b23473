/// The client policy under test plus the geocoder's behaviour: the knobs of a ``GeocodeSession``.
public struct GeocodeSessionConfiguration: Sendable, Hashable {
    /// `--geocode-min-interval`: a fix less than this many seconds after the previous *call* (a
    /// request that passed the cache and this check) is skipped. 0 turns it off.
    public var minInterval: Double
    /// `--geocode-cache-radius`: a fix within this many metres of the fix that produced the last
    /// successful placemark reuses it without a call. 0 turns it off.
    public var cacheRadius: Double
    /// Apple's throttle (`--geocode-limit`); nil for none.
    public var throttle: GeocodeThrottle?
    /// `--geocode-latency`: seconds from issue to result.
    public var latency: Double
    /// `--geocode-overlap`.
    public var overlap: GeocodeOverlapPolicy
    /// `--placemark`: the names `LOCATION_AVAILABLE` carries.
    public var naming: PlacemarkNaming

    public init(
        minInterval: Double = 0, cacheRadius: Double = 0, throttle: GeocodeThrottle? = .apple, latency: Double = 0,
        overlap: GeocodeOverlapPolicy = .cancel, naming: PlacemarkNaming = .clgeocoder
    ) {
        self.minInterval = minInterval
        self.cacheRadius = cacheRadius
        self.throttle = throttle
        self.latency = latency
        self.overlap = overlap
        self.naming = naming
    }
}
