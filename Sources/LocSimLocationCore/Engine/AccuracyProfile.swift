/// What the fixes of one accuracy class look like under the correlated model: the reported
/// `horizontalAccuracy` levels, how long the error and a level hold, and the accuracies reported
/// for altitude, speed and course. The values are modelling choices (docs/engine.md, "Correlated
/// error"), bounded by the class's radius: no level exceeds it.
public struct AccuracyProfile: Sendable, Hashable {
    /// The class's radius R (metres): the largest level.
    public let radius: Double
    /// The three reported `horizontalAccuracy` levels, ascending, the last being R; drawn with
    /// probabilities ¼, ½, ¼.
    public let levels: (Double, Double, Double)
    /// τ, the correlation time of the position error (seconds).
    public let correlationTime: Double
    /// The mean time a level holds before a new one is drawn (seconds).
    public let dwellTime: Double
    /// `speedAccuracy` when the speed is valid, metres per second.
    public let speedAccuracy: Double
    /// `courseAccuracy` when the course is valid, degrees.
    public let courseAccuracy: Double

    /// The shortest interval between fixes CoreLocation delivers, seconds (its usual 1 Hz rate,
    /// for every class); a shorter `--interval` gets a warning.
    public static let minimumInterval = 1.0
    /// `verticalAccuracy` is this times the fix's `horizontalAccuracy` when the altitude is known.
    public static let verticalFactor = 1.5
    /// σ of each axis of the error as a fraction of the level: 0.4, so the clamp to the disc
    /// (|z| ≤ 1) binds on exp(−1/(2·0.4²)) ≈ 4.4 % of the stationary distribution.
    public static let sigma = 0.4

    /// The profile of the class whose radius is `radius` metres.
    public init(radius: Double) {
        self.radius = radius
        switch radius {
        case 5: levels = (3, 4, 5)
        case 10: levels = (5, 8, 10)
        case 100: levels = (35, 65, 100)
        case 1000: levels = (300, 650, 1000)
        case 3000: levels = (1000, 2000, 3000)
        case 5000: levels = (2500, 3500, 5000)
        default: levels = (0.5 * radius, 0.75 * radius, radius)
        }
        if radius <= 10 {
            (correlationTime, dwellTime, speedAccuracy, courseAccuracy) = (60, 20, 0.5, 5)
        } else if radius <= 100 {
            (correlationTime, dwellTime, speedAccuracy, courseAccuracy) = (120, 60, 2, 15)
        } else {
            (correlationTime, dwellTime, speedAccuracy, courseAccuracy) = (300, 120, 5, 30)
        }
    }

    /// The level for a uniform draw `u` in [0, 1): the first below ¼, the second below ¾.
    func level(_ u: Double) -> Double { u < 0.25 ? levels.0 : u < 0.75 ? levels.1 : levels.2 }

    public static func == (a: AccuracyProfile, b: AccuracyProfile) -> Bool { a.radius == b.radius }
    public func hash(into hasher: inout Hasher) { hasher.combine(radius) }
}
