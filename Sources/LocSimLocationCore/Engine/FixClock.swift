/// `CLLocation.timestamp` for every fix, as seconds since 1970-01-01T00:00:00Z.
///
/// A timed track keeps its own clock: the first fix with a GPX time fixes the origin
/// (time − virtual t), and a fix reports its GPX time while that agrees with the origin to 1 ms —
/// the whole first lap, pauses included — and origin + t otherwise, so later laps (whose GPX
/// times start again) keep increasing: lap k is shifted by the laps' durations plus the interval
/// between them. An untimed track reports ``referenceDate`` + t. (Playback gives the fixes
/// before a lap's first timed point a GPX time counted back from it, so they are on the
/// track's clock too.)
public struct FixClock: Sendable, Hashable {
    /// 2001-01-01T00:00:00Z, Foundation's reference date, as seconds since 1970.
    public static let referenceDate = 978_307_200.0
    private var origin: Double?

    public init() {}

    /// The timestamp of a fix at virtual instant `t` with GPX time `sourceTime`.
    public mutating func date(t: Double, sourceTime: Double?) -> Double {
        if let sourceTime {
            guard let origin else {
                origin = sourceTime - t
                return sourceTime
            }
            return abs(sourceTime - t - origin) < 1e-3 ? sourceTime : origin + t
        }
        return (origin ?? Self.referenceDate) + t
    }
}
