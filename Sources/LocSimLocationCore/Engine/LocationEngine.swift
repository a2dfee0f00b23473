/// A simulated `CLLocationManager` as a value-type state machine: it is fed raw fixes with
/// explicit instants and returns the delegate events they cause. It never reads a clock.
///
/// Every event a call returns happens at that call's instant: `start(at:)` and `finish(at:)` at
/// their argument, `ingest(_:)` at the fix's `t`, `advance(to:)` at the pending
/// ``nextDeadline``. Drive it in time order: before ingesting a fix at `t`, call
/// `advance(to: d)` while `nextDeadline = d` is strictly before `t`; a deadline equal to a fix's
/// instant is handled by `ingest` (the fix is the latest position then).
///
/// Rules (docs/contract.md, Location engine):
/// - The first event reports the authorization. `denied`/`restricted` add one
///   `error(code: 1)` (`CLError.denied`) right after it and deliver nothing else;
///   `notDetermined` delivers nothing and no error (the prompt was never answered, and
///   CoreLocation neither updates nor fails while it waits).
/// - ``apply(_:at:)`` plays a ``DriveEvent`` (authorization, Precise Location, Location
///   Services, background/foreground) at its instant, by the same rules: see there.
/// - Every raw fix after `start` goes through the ``AccuracyModel`` in order, delivered or not.
/// - Standard mode: the first fix after `start` is delivered; afterwards a fix is delivered when
///   its reported position is at least `distanceFilter` metres (geodesic, ≥) from the previously
///   *delivered* reported position; `.none` delivers every fix.
/// - Significant-change mode: accuracy radius ``significantChangeAccuracy``; the first fix is
///   delivered; afterwards a fix qualifies when it is ≥ 500 m from the previous delivery, and it
///   is delivered at once if ≥ 300 s have passed since that delivery (both bounds inclusive).
///   A fix that qualifies earlier arms a deadline at previous delivery + 300 s; at the deadline
///   the latest reported position is delivered (even if the device has since come back).
public struct LocationEngine: Sendable {
    /// Significant-change mode's minimum move, metres.
    public static let significantChangeDistance = 500.0
    /// Significant-change mode's minimum interval between deliveries, seconds.
    public static let significantChangeInterval = 300.0
    /// Significant-change mode's accuracy radius, metres: Wi-Fi/cell-level, and small enough that
    /// a parked device (jitter ≤ 2 × 100 m) never makes a 500 m "change" out of noise.
    public static let significantChangeAccuracy = 100.0

    enum Phase: Sendable {
        case idle
        /// Started and delivering.
        case running
        /// Started, delivering nothing (no authorization, or when-in-use in the background).
        case suspended
        case stopped
    }

    /// The configuration the engine was made with.
    public let configuration: Configuration
    var accuracy: AccuracyModel
    /// The filter's distance (500 m in significant-change mode), or `nil` for `.none`: its
    /// bounds alone (no ``Geodesic`` to copy per fix); the exact fallback is on WGS-84.
    private let threshold: DistanceThreshold.Bounds?
    /// The lazy displacement (standard mode with a distance filter). A fix whose *true* position
    /// is certainly closer than `distanceFilter` − reach − 1 cm to the last delivered one, where
    /// reach is the farthest its noise moves it (``AccuracyModel/reach(of:)``), cannot reach the
    /// filter wherever that noise puts it (the triangle inequality), so its error is drawn but
    /// never applied: same generator sequence, same decisions, without the displacement's
    /// trigonometry for most fixes. `nearBelow` is the haversine bound for the class's largest
    /// reach (settles most fixes with one comparison); the rest are bounded with their own.
    private let lazy: Bool
    private var nearBelow = 0.0
    private var nearBelowLevels = (0.0, 0.0)
    private var levels = (0.0, 0.0)
    /// `distanceFilter` − 1 cm − ``DistanceThreshold/tolerance``, metres.
    private let nearMetres: Double
    /// 1 / (2·a²/b): metres to half the great-circle angle, for the largest radius of curvature.
    private let halfAnglePerMetre: Double
    var phase = Phase.idle
    /// The last delivered (reported) coordinate, and cos φ of it for the filter's bracket.
    var anchor: Coordinate?
    private var anchorCos = 0.0
    private var lastDeliveryInstant = 0.0
    var latest: Location?
    private var clock = FixClock()
    /// The instant of the pending deferred delivery (significant-change mode), if any. Stored,
    /// not computed, so a caller holding the engine in a class reads it without copying the
    /// engine; it is `nil` whenever the engine is not running.
    public internal(set) var nextDeadline: Double?
    /// The status the user gave the app (``configuration``'s, then the latest
    /// ``DriveEvent/Kind/authorizationChanged(_:)``); ``authorizationStatus`` is `denied`
    /// while Location Services are off.
    var appAuthorization: AuthorizationStatus
    /// `CLLocationManager.locationServicesEnabled()`: the device-wide switch. Starts on.
    public internal(set) var locationServicesEnabled = true
    /// `accuracyAuthorization`: Precise Location. Starts `fullAccuracy`.
    public internal(set) var accuracyAuthorization = AccuracyAuthorization.fullAccuracy
    /// Where the app is (``DriveEvent/Kind/background`` / ``DriveEvent/Kind/foreground``).
    /// Starts `active`.
    public internal(set) var applicationState = ApplicationState.active
    /// Whether the app holds a service session that keeps a when-in-use app in use in the
    /// background (`SimulatedDevice`'s `ServiceSession`: ``holdServiceSession(_:)``). Starts `false`.
    package internal(set) var holdsServiceSession = false

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        accuracy = AccuracyModel(
            radius: configuration.accuracyRadius, seed: configuration.seed, noise: configuration.noise,
            model: configuration.noiseModel)
        let radii = Geodesic.wgs84.radiusBounds
        let metres = configuration.filterDistance
        threshold = metres.map { DistanceThreshold.Bounds($0, radiusBounds: radii) }
        nearMetres = (metres ?? 0) - 0.01 - DistanceThreshold.tolerance
        halfAnglePerMetre = 1 / (2 * radii.maximum)
        lazy = !configuration.significantChange && nearMetres > 0
        appAuthorization = configuration.authorization
        updateLazyBounds()
    }

    /// The lazy displacement's bounds for the current ``AccuracyModel`` (its largest reach and
    /// its profile's levels).
    mutating func updateLazyBounds() {
        let radii = Geodesic.wgs84.radiusBounds
        let near = nearMetres + DistanceThreshold.tolerance - accuracy.maximumDisplacement
        nearBelow = lazy && near > 0 ? DistanceThreshold.Bounds(near, radiusBounds: radii).hBelow : 0
        let profileLevels = accuracy.profile.levels
        levels = (profileLevels.0, profileLevels.1)
        let (filterNear, isLazy) = (nearMetres + DistanceThreshold.tolerance, lazy)
        func levelBelow(_ level: Double) -> Double {
            let near = filterNear - max(level, AccuracyModel.quantizationMargin)
            return isLazy && near > 0 ? DistanceThreshold.Bounds(near, radiusBounds: radii).hBelow : 0
        }
        nearBelowLevels = (levelBelow(profileLevels.0), levelBelow(profileLevels.1))
    }

    /// `startUpdatingLocation()` (or `startMonitoringSignificantLocationChanges()`) at instant `t`:
    /// the authorization event, plus the denial error when updates are refused. Calling it again
    /// returns nothing.
    public mutating func start(at t: Double) -> [EngineEvent] {
        guard phase == .idle else { return [] }
        let status = authorizationStatus
        phase = deliversUpdates ? .running : .suspended
        if status == .denied || status == .restricted {
            return [.authorization(status), .error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage)]
        }
        return [.authorization(status)]
    }

    /// Feeds one raw fix (at instant `raw.t`); returns the deliveries it causes. Fixes before
    /// `start(at:)`, after `finish(at:)` or while nothing is delivered are ignored (after the
    /// start, their error is still drawn: see ``apply(_:at:)``).
    public mutating func ingest(_ raw: RawFix) -> [EngineEvent] {
        guard phase == .running else { return ingestSuspended(raw) }
        guard let previous = anchor, !configuration.significantChange else { return ingestFirstOrSignificant(raw) }
        // Standard mode after the first delivery: no deadline is ever pending here.
        let draw = accuracy.draw(at: raw.t)
        if lazy, cannotReachFilter(raw.coordinate, from: previous, draw: draw) { return [] }
        let coordinate = accuracy.displaceInPlace(raw.coordinate, by: draw)
        if let threshold, !reaches(threshold, from: previous, to: coordinate) { return [] }
        return [deliver(location(raw, at: coordinate, draw: draw), at: raw.t)]
    }

    /// ``ingest(_:)`` for the first fix and in significant-change mode. Out of line, so the
    /// standard path stays small enough for the compiler to inline the displacement into it.
    @inline(never)
    private mutating func ingestFirstOrSignificant(_ raw: RawFix) -> [EngineEvent] {
        var events: [EngineEvent] = []
        if let due = nextDeadline, due < raw.t {
            events += advance(to: due)
        }
        let draw = accuracy.draw(at: raw.t)
        guard let previous = anchor else {
            let coordinate = accuracy.displaceInPlace(raw.coordinate, by: draw)
            events.append(deliver(location(raw, at: coordinate, draw: draw), at: raw.t))
            return events
        }
        guard let threshold else { return events }
        let coordinate = accuracy.displaceInPlace(raw.coordinate, by: draw)
        if let due = nextDeadline {
            let location = location(raw, at: coordinate, draw: draw)
            latest = location
            if raw.t >= due { events.append(deliver(location, at: raw.t)) }
            return events
        }
        guard reaches(threshold, from: previous, to: coordinate) else { return events }
        let location = location(raw, at: coordinate, draw: draw)
        let due = lastDeliveryInstant + Self.significantChangeInterval
        if raw.t >= due {
            events.append(deliver(location, at: raw.t))
        } else {
            latest = location
            nextDeadline = due
        }
        return events
    }

    /// `DistanceThreshold.isReached(from: previous, to: coordinate)` with the anchor's cached cos φ.
    @inline(__always)
    private func reaches(
        _ threshold: DistanceThreshold.Bounds, from previous: Coordinate, to coordinate: Coordinate
    )
        -> Bool
    {
        threshold.decision(from: previous, cosLatitude: anchorCos, to: coordinate)
            ?? Self.exactlyReaches(threshold, from: previous, to: coordinate)
    }

    /// The exact test, out of line so the hot path does not copy the ellipsoid.
    @inline(never)
    private static func exactlyReaches(
        _ threshold: DistanceThreshold.Bounds, from a: Coordinate, to b: Coordinate
    )
        -> Bool
    {
        threshold.exactDecision(from: a, to: b, on: .wgs84)
    }

    /// Whether a fix whose true position is `coordinate` and whose error is `draw` certainly stays
    /// short of the filter from `previous`: its true distance is below `nearMetres` less its reach,
    /// by the one-cosine bracket of the haversine (h ≤ upper) and dist ≤ (a²/b)·θ, with
    /// sin²(x) ≥ (x − x³/6)² for the threshold (0 ≤ x ≤ 1.5), less a relative 10⁻⁹ for rounding.
    /// `false` decides nothing: the fix is displaced and the filter decides.
    @inline(__always)
    private func cannotReachFilter(
        _ coordinate: Coordinate, from previous: Coordinate, draw: AccuracyModel.Draw?
    )
        -> Bool
    {
        guard let (_, upper) = DistanceThreshold.haversineBracket(previous, anchorCos, coordinate) else {
            return false
        }
        let h = upper * (1 + DistanceThreshold.slack)
        if h < nearBelow { return true }
        if let draw, draw.correlated {
            if draw.accuracy == levels.0 {
                if h < nearBelowLevels.0 { return true }
            } else if draw.accuracy == levels.1 {
                if h < nearBelowLevels.1 { return true }
            }
        }
        let x = (nearMetres - accuracy.reach(of: draw)) * halfAnglePerMetre
        guard x > 0, x <= 1.5 else { return false }
        let sine = x - x * x * x * (1.0 / 6)
        return h < sine * sine * (1 - 1e-9)
    }

    /// The location reported for `raw` at the displaced `coordinate`. Built only for fixes that
    /// are delivered or held, so a fix's speed and course are measured only then. Accuracies
    /// follow the class's ``AccuracyProfile``; speed and course are playback's, altitude the
    /// track's elevation (none of them noised).
    private mutating func location(_ raw: RawFix, at coordinate: Coordinate, draw: AccuracyModel.Draw?) -> Location {
        let (speed, course) = raw.speedAndCourse
        let horizontal = accuracy.accuracy(of: draw)
        var location = Location(
            coordinate: coordinate, altitude: raw.altitude, horizontalAccuracy: horizontal, speed: speed,
            course: course, timestamp: raw.t, sourceTime: raw.sourceTime)
        let profile = accuracy.profile
        if raw.altitude != nil { location.verticalAccuracy = AccuracyProfile.verticalFactor * horizontal }
        if speed != nil { location.speedAccuracy = profile.speedAccuracy }
        if course != nil { location.courseAccuracy = profile.courseAccuracy }
        location.date = clock.date(t: raw.t, sourceTime: raw.sourceTime)
        return location
    }

    /// Lets virtual time reach `t`: delivers the deferred significant change when `t` is at or
    /// past ``nextDeadline`` (the event happens at the deadline).
    public mutating func advance(to t: Double) -> [EngineEvent] {
        guard phase == .running, let due = nextDeadline, t >= due, let location = latest else { return [] }
        return [deliver(location, at: due)]
    }

    /// `stopUpdatingLocation()` at instant `t`: a deferred delivery due by `t` is still made, a
    /// later one is dropped, and nothing is delivered afterwards. To let a final significant
    /// change arrive while the device rests at the end of the track, `advance(to: nextDeadline)`
    /// before finishing.
    public mutating func finish(at t: Double) -> [EngineEvent] {
        let events = advance(to: t)
        phase = .stopped
        nextDeadline = nil
        latest = nil
        return events
    }

    private mutating func deliver(_ location: Location, at instant: Double) -> EngineEvent {
        anchor = location.coordinate
        anchorCos = DistanceThreshold.Bounds.cosLatitude(location.coordinate)
        lastDeliveryInstant = instant
        nextDeadline = nil
        latest = nil
        return .location(location)
    }
}

extension LocationEngine {
    /// Whether updates are running: started, authorized and not finished.
    public var isRunning: Bool { phase == .running }
}
