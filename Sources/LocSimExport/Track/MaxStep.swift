/// `--max-step`: the most two consecutive exported points may be apart, in metres, in seconds
/// or both, so that a player's own interpolation (Xcode's is linear between timed `<wpt>`s)
/// stays on locsim's geodesic track. Written `100`, `100m`, `5s` or `100m,5s`.
public struct MaxStep: Sendable, Hashable, CustomStringConvertible {
    /// The longest step in metres, if limited.
    public var metres: Double?
    /// The longest step in seconds, if limited.
    public var seconds: Double?

    /// 100 m: raw fixes at the default 1 s interval are never split below 100 m/s (360 km/h).
    public static let `default` = MaxStep(metres: 100, seconds: nil)

    public init(metres: Double?, seconds: Double?) {
        self.metres = metres
        self.seconds = seconds
    }

    /// Parses `N`, `Nm`, `Ns` or both joined by a comma; every number finite and > 0.
    public init?(argument: String) {
        var metres: Double?
        var seconds: Double?
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        for part in parts {
            var text = Substring(part)
            var isSeconds = false
            if text.hasSuffix("s") {
                isSeconds = true
                text = text.dropLast()
            } else if text.hasSuffix("m") {
                text = text.dropLast()
            }
            guard let value = Double(text), value.isFinite, value > 0 else { return nil }
            if isSeconds {
                guard seconds == nil else { return nil }
                seconds = value
            } else {
                guard metres == nil else { return nil }
                metres = value
            }
        }
        self.init(metres: metres, seconds: seconds)
    }

    /// As typed: `100m`, `5s`, `100m,5s`.
    public var description: String {
        [metres.map { Self.number($0) + "m" }, seconds.map { Self.number($0) + "s" }].compactMap { $0 }
            .joined(separator: ",")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
    }
}
