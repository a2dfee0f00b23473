/// The seeded position error. With the correlated model (the default) each fix's reported
/// coordinate is the true one moved by a ``CorrelatedError`` (a bounded Gauss–Markov process
/// whose displacement never exceeds the fix's reported `horizontalAccuracy`, a level of the
/// class's ``AccuracyProfile``). With the white model (`--noise white`) it is moved a random
/// distance r ≤ radius on a random bearing, uniformly over the disc of that radius
/// (r = radius·√u, bearing = 360°·v for u, v uniform in [0, 1)), and the accuracy is the radius.
/// Either way the move runs along the WGS-84 geodesic.
///
/// The displacement uses ``Geodesic/localDirect(from:azimuth:distance:)`` (a third-order
/// expansion, within ``Geodesic/localDirectTolerance`` = 5 µm of the exact geodesic) wherever it
/// answers — every named accuracy away from the poles — and walks r − 10 µm (never below 0)
/// then, so the reported position stays inside the disc despite that error. Elsewhere (radii
/// beyond 10 km, within reach of a pole) it solves the exact direct problem over r.
///
/// Reported positions are what the transcript prints: rounded to 1e-6° (its 6 decimals), and
/// drawn from a disc ``quantizationMargin`` smaller than the radius, so that the *printed*
/// position is within `horizontalAccuracy` of the true one and the distance filter decides on
/// exactly the positions a reader of the transcript sees.
///
/// Every call to ``draw(at:)`` draws from the generator in order, whether or not the fix is
/// later delivered, so a run's noise depends only on the seed and the fix sequence (and, for
/// the correlated model, the fix instants). With `noise` off, true positions are reported with
/// the radius as accuracy and nothing is drawn.
public struct AccuracyModel: Sendable, Hashable {
    /// The class's radius in metres: the largest `horizontalAccuracy` reported.
    public private(set) var radius: Double
    /// Whether positions are displaced (`--no-noise` turns it off).
    public let noise: Bool
    /// The error process (`--noise`).
    public let model: NoiseModel
    private var generator: SplitMix64
    private var correlated: CorrelatedError
    private let geodesic: Geodesic

    /// How much shorter the local displacement is than r: twice its error bound.
    static let localGuard = 2 * Geodesic.localDirectTolerance

    /// The farthest rounding to 1e-6° moves a point: half a micro-degree in latitude and in
    /// longitude, √2 · 0.5e-6 · 111,695 m (the longest degree on WGS-84) ≈ 0.079 m.
    public static let quantizationMargin = 0.08

    /// Rounds to the transcript's 6 decimals of a degree (half away from zero).
    @inline(__always) static func quantized(_ coordinate: Coordinate) -> Coordinate {
        Coordinate(
            latitude: GeoMath.roundedHalfAwayFromZero(coordinate.latitude * 1e6) / 1e6,
            longitude: GeoMath.roundedHalfAwayFromZero(coordinate.longitude * 1e6) / 1e6)
    }

    public init(
        radius: Double, seed: UInt64, noise: Bool = true, model: NoiseModel = .default, geodesic: Geodesic = .wgs84
    ) {
        self.radius = radius
        self.noise = noise
        self.model = model
        self.generator = SplitMix64(seed: seed)
        self.correlated = CorrelatedError(profile: AccuracyProfile(radius: radius))
        self.geodesic = geodesic
    }

    /// The model at another `radius` from here on: the same generator, continued, and a new
    /// correlated process for the radius's class (its first draw is the stationary one). How
    /// Precise Location turned off mid-drive reaches the engine.
    func withRadius(_ radius: Double) -> AccuracyModel {
        var model = self
        model.radius = radius
        model.correlated = CorrelatedError(profile: AccuracyProfile(radius: radius))
        return model
    }

    /// The class's levels and times (the correlated model's).
    public var profile: AccuracyProfile { correlated.profile }

    /// One fix's error. White: `u` for the distance, `v` for the bearing. Correlated: `u`, `v`
    /// are the east and north fractions of the level.
    public struct Draw: Sendable, Hashable {
        let u: Double
        let v: Double
        /// The `horizontalAccuracy` this fix reports, metres.
        public let accuracy: Double
        let correlated: Bool
    }

    /// Draws the error of the fix at instant `t` (not decreasing from call to call), or `nil`
    /// (nothing drawn) when positions are not displaced. ``report(_:at:)`` is
    /// `displace(_, by: draw(at:))`; a caller may draw for every fix and displace only the fixes
    /// whose position it needs. White draws two values; correlated steps its process.
    @inline(__always)
    public mutating func draw(at t: Double) -> Draw? {
        guard noise, radius > 0 else { return nil }
        switch model {
        case .white:
            let u = generator.nextUnit()
            let v = generator.nextUnit()
            return Draw(u: u, v: v, accuracy: radius, correlated: false)
        case .correlated:
            correlated.step(to: t, using: &generator)
            return Draw(u: correlated.east, v: correlated.north, accuracy: correlated.level, correlated: true)
        }
    }

    /// The `horizontalAccuracy` of a fix with `draw` (the radius without noise).
    public func accuracy(of draw: Draw?) -> Double { draw?.accuracy ?? radius }

    /// The farthest a reported coordinate can lie from the true one (geodesic metres): the
    /// radius, but never less than ``quantizationMargin`` (rounding to 1e-6° alone moves a point
    /// up to 0.079 m, whatever the radius), or 0 without noise.
    public var maximumDisplacement: Double { noise && radius > 0 ? max(radius, Self.quantizationMargin) : 0 }

    /// How far `draw` moves a position before rounding (geodesic metres): r·√u for white, the
    /// level less ``quantizationMargin`` times the error's length (at most 1) for correlated.
    @inline(__always) static func distance(of draw: Draw, radius: Double) -> Double {
        if draw.correlated {
            let fraction = (draw.u * draw.u + draw.v * draw.v).squareRoot()
            return max(0, draw.accuracy - quantizationMargin) * min(1, fraction)
        }
        return max(0, radius - quantizationMargin) * draw.u.squareRoot()
    }

    /// The farthest the coordinate reported for a fix with `draw` can lie from its true one
    /// (geodesic metres): the move plus ``quantizationMargin`` for the rounding, at most
    /// ``maximumDisplacement``; 0 for `nil`. Known before ``displace(_:by:)`` runs, so a caller
    /// can tell from the true position that a fix cannot reach a distance filter.
    @inline(__always) public func reach(of draw: Draw?) -> Double {
        guard let draw else { return 0 }
        return Self.distance(of: draw, radius: radius) + Self.quantizationMargin
    }

    /// `coordinate` moved by `draw` (unchanged for `nil`), rounded to 1e-6°.
    public func displace(_ coordinate: Coordinate, by draw: Draw?) -> Coordinate {
        var model = self
        return model.displaceInPlace(coordinate, by: draw)
    }

    /// ``displace(_:by:)`` for a caller that holds the model in a `var` (the engine): `mutating`
    /// though it changes nothing, so that neither the model (416 bytes) nor its ``Geodesic``
    /// (256) is copied per call, which a borrowed `self` passed on to a call costs.
    @inline(__always)
    mutating func displaceInPlace(_ coordinate: Coordinate, by draw: Draw?) -> Coordinate {
        guard let draw else { return coordinate }
        let distance = Self.distance(of: draw, radius: radius)
        let local: Coordinate?
        if draw.correlated {
            let (east, north, fraction) = Self.direction(of: draw)
            guard fraction > 0 else { return Self.quantized(coordinate) }
            local = geodesic.localDirect(
                from: coordinate, sinAzimuth: east, cosAzimuth: north, distance: max(0, distance - Self.localGuard))
        } else {
            local = geodesic.localDirect(
                from: coordinate, azimuth: 360 * draw.v, distance: max(0, distance - Self.localGuard))
        }
        if let local { return Self.quantized(local) }
        return Self.quantized(exactlyDisplaced(coordinate, by: draw, distance: distance))
    }

    /// A correlated draw's direction (east, north, a unit vector) and the error's length.
    @inline(__always) static func direction(of draw: Draw) -> (east: Double, north: Double, fraction: Double) {
        let fraction = (draw.u * draw.u + draw.v * draw.v).squareRoot()
        return (draw.u / fraction, draw.v / fraction, fraction)
    }

    /// The exact direct solution where the local one does not answer. Out of line, so the common
    /// path does not copy the ellipsoid.
    @inline(never)
    mutating func exactlyDisplaced(_ coordinate: Coordinate, by draw: Draw, distance: Double) -> Coordinate {
        let bearing: Double
        if draw.correlated {
            let (east, north, _) = Self.direction(of: draw)
            bearing = GeoMath.atan2(east, north) / GeoMath.degree
        } else {
            bearing = 360 * draw.v
        }
        return geodesic.direct(from: coordinate, azimuth: bearing, distance: distance).coordinate
    }

    /// The reported coordinate for a fix at `coordinate` taken at instant `t`.
    public mutating func report(_ coordinate: Coordinate, at t: Double) -> Coordinate {
        displace(coordinate, by: draw(at: t))
    }
}
