/// A geocoder throttle's size (`--geocode-limit N/S`, `geocoder.limit`): at most ``requests``
/// granted requests in any ``seconds``-long window. CLGeocoder's observed limit is 50/60.
public struct GeocodeLimit: Sendable, Hashable {
    /// Granted requests per window, ≥ 1.
    public var requests: Int
    /// The window in seconds, > 0 and finite.
    public var seconds: Double

    /// A limit, or `nil` unless `requests` ≥ 1 and `seconds` is positive and finite.
    public init?(requests: Int, seconds: Double) {
        guard requests >= 1, seconds > 0, seconds.isFinite else { return nil }
        self.requests = requests
        self.seconds = seconds
    }

    /// Parses `N/S` ("50/60").
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let requests = Int(parts[0]), let seconds = Double(parts[1]) else { return nil }
        self.init(requests: requests, seconds: seconds)
    }

    /// CLGeocoder's observed limit: 50 requests per 60 s.
    public static let apple = GeocodeLimit(requests: 50, seconds: 60)!

    /// The `N/S` spelling ("50/60").
    public var argument: String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(requests)/\(Int(seconds))" : "\(requests)/\(seconds)"
    }
}
