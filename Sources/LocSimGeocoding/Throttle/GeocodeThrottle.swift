/// Apple's geocoder throttle, in virtual time: a request at instant `t` is granted when fewer than
/// ``limit`` *granted* requests fall in the half-open window (t − ``window``, t]. A denied request
/// fails at once (CLError `network`, code 2) and does not count against later ones.
///
/// A granted request at `g` is inside the window of `t` while `t − g < window`, so a request
/// exactly `window` seconds after the first granted one is granted again. Instants must not
/// decrease; an earlier instant is treated as the latest one seen.
public struct GeocodeThrottle: Sendable, Hashable {
    /// Granted requests allowed per window (50 for CLGeocoder).
    public let limit: Int
    /// Window length in seconds (60 for CLGeocoder).
    public let window: Double
    /// Instants of granted requests still inside the window, oldest first, from `head`.
    private var granted: [Double] = []
    private var head = 0
    private var latest = -Double.infinity

    /// A throttle of `limit` requests per `window` seconds; `limit` ≥ 1 and `window` > 0.
    public init(limit: Int = 50, window: Double = 60) {
        precondition(limit >= 1 && window > 0 && window.isFinite, "throttle needs limit >= 1 and a positive window")
        self.limit = limit
        self.window = window
    }

    /// Parses `--geocode-limit N/S` ("50/60": 50 requests per 60 s); nil unless N is a positive
    /// integer and S a positive finite number of seconds.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let limit = Int(parts[0]), limit >= 1,
            let window = Double(parts[1]), window > 0, window.isFinite
        else { return nil }
        self.init(limit: limit, window: window)
    }

    /// CLGeocoder's observed limit: 50 requests per 60 s.
    public static let apple = GeocodeThrottle()

    /// The `N/S` form ``init(argument:)`` reads ("50/60").
    public var argument: String {
        window == window.rounded() && abs(window) < 1e15 ? "\(limit)/\(Int(window))" : "\(limit)/\(window)"
    }

    /// Decides a request at `t`; a granted one is counted.
    public mutating func request(at t: Double) -> Bool {
        let now = max(t, latest)
        latest = now
        while head < granted.count, now - granted[head] >= window { head += 1 }
        if head > 1024, head * 2 > granted.count {
            granted.removeFirst(head)
            head = 0
        }
        guard granted.count - head < limit else { return false }
        granted.append(now)
        return true
    }

    /// Granted requests inside the window of instant `t` (t ≥ the latest instant seen).
    public func grantedInWindow(at t: Double) -> Int {
        granted[head...].reduce(0) { $0 + (t - $1 < window ? 1 : 0) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.limit == rhs.limit && lhs.window == rhs.window && lhs.latest == rhs.latest
            && lhs.granted[lhs.head...].elementsEqual(rhs.granted[rhs.head...])
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(limit)
        hasher.combine(window)
        hasher.combine(latest)
        for g in granted[head...] { hasher.combine(g) }
    }
}
