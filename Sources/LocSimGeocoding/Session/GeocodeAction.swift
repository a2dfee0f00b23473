public import LocSimLocationCore

/// Identifies one geocode call within a ``GeocodeSession`` (numbered from 1 in call order).
public struct GeocodeRequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// Why a fix produced no geocode call and no event.
public enum GeocodeSkipReason: String, Sendable, Hashable {
    /// Less than `minInterval` after the previous call.
    case minInterval
}

/// What the pipeline must do after a ``GeocodeSession`` event, in order.
public enum GeocodeAction: Sendable, Hashable {
    /// Run the geocoder for `coordinate` and report the result with
    /// ``GeocodeSession/complete(_:with:at:)`` at `completesAt`.
    case issue(GeocodeRequestID, Coordinate, completesAt: Double)
    /// The call waits behind a pending one (overlap `queue`); an `issue` or `fail` follows later.
    case queue(GeocodeRequestID, Coordinate)
    /// Success: post LOCATION_AVAILABLE for `coordinate` (the fix the call was made for).
    case deliver(GeocodeRequestID, Placemark, Coordinate)
    /// The cache answered: post LOCATION_AVAILABLE for the new fix `coordinate`; no call was made.
    case deliverCached(Placemark, Coordinate)
    /// The call failed at `at` (throttled: code 2; canceled: code 10; or the geocoder's error):
    /// post `geocode_failed`, and no LOCATION_AVAILABLE.
    case fail(GeocodeRequestID, GeocodeError, at: Double)
    /// The fix was dropped by the client policy: no call, no event; only counted.
    case skip(GeocodeSkipReason, Coordinate)
}
