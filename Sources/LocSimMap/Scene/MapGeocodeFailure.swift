public import LocSimLocationCore

/// Reverse geocodes that failed (throttled, cancelled, …) after one delivered fix.
public struct MapGeocodeFailure: Sendable, Hashable {
    /// The fix the failed requests were for.
    public var coordinate: Coordinate
    /// The number of the fix (see ``MapFix/number``).
    public var fixNumber: Int
    /// How many requests failed there.
    public var count: Int
    /// The distinct error codes, in the order first seen (CLError: 2 network, 10 cancelled).
    public var codes: [String]
    /// Virtual seconds of the first failure.
    public var t: Double

    public init(coordinate: Coordinate, fixNumber: Int, count: Int, codes: [String], t: Double) {
        self.coordinate = coordinate
        self.fixNumber = fixNumber
        self.count = count
        self.codes = codes
        self.t = t
    }
}
