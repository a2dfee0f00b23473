/// What a ``GeocodeSession`` did, for the replay summary.
public struct GeocodeCounters: Sendable, Hashable, Codable {
    /// Fixes offered to the session.
    public var fixes = 0
    /// Fixes answered from the cache.
    public var cached = 0
    /// Fixes dropped by `minInterval`.
    public var skipped = 0
    /// Calls made (fixes neither cached nor skipped).
    public var calls = 0
    /// Calls that had to wait behind a pending one (overlap `queue`).
    public var queued = 0
    /// Calls handed to the geocoder (granted + throttled).
    public var issued = 0
    /// Issued calls the throttle let through.
    public var granted = 0
    /// Issued calls the throttle refused (code 2).
    public var throttled = 0
    /// Pending calls canceled by a newer one (code 10).
    public var canceled = 0
    /// Granted calls that returned a placemark.
    public var succeeded = 0
    /// Granted calls the geocoder failed (no result, unavailable).
    public var failed = 0

    public init() {}
}
