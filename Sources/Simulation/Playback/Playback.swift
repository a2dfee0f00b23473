public import LocationCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns source points into raw fixes on the virtual clock (DESIGN §3), incrementally, so a
/// replay streams: memory stays constant except for a run of untimed points between two timed
/// ones, which is held until the second timed point says how long the run took.
///
/// Timing. Each point gets a virtual instant τ (seconds since the replay started):
/// - the first point of the first lap is at τ = 0;
/// - timed points keep their own pace: τ = τ₀ + (time − time₀) from the lap's first timed point
///   (a time earlier than the previous timed point's is clamped to it; the GPX reader rejects such
///   files anyway);
/// - untimed points before the first timed point, after the last one, or in a file without times
///   move at `speed` m/s along the geodesic from the previous point;
/// - untimed points between two timed points share the time between them in proportion to the
///   geodesic distance along the run (evenly by count if the run has zero length);
/// - points with the same instant (same time, or no distance at `speed`): the later one is kept.
///
/// Sampling. A fix is emitted at every point's instant and, between consecutive points, at every
/// multiple of `interval` on the global virtual grid (t = k·interval) strictly between them —
/// instants within 1 µs of a point are left to the point — positioned along the geodesic by
/// distance in proportion to time. `interval` 0 emits the points only. A single point is one
/// fix at t = 0.
///
/// Laps (`--loop N`): the pipeline re-reads the file and calls ``beginLap()`` between passes; the
/// next lap's first point comes one `interval` (1 s when `interval` is 0) after the previous
/// lap's last point, with no interpolation across the jump, and its times are relative to its own
/// first timed point.
///
/// Fix fields: `altitude` is the elevation, interpolated linearly when both ends have one;
/// `speed` and `course` are those of the segment (a point takes its incoming segment's, the
/// first point its outgoing one's; course is `nil` on a segment of zero length; with `interval` 0
/// short segments use a local estimate good to 10⁻⁶, see `segmentMotion`); `sourceTime`
/// is the track's clock from the lap's first timed point on: the point's own time, or interpolated.
public struct Playback: Sendable {
    /// Sampling and pacing.
    public struct Configuration: Sendable, Hashable {
        /// Seconds between interpolated fixes (`--interval`); 0 emits the points only.
        public let interval: Double
        /// Metres per second for untimed points (`--speed`).
        public let speed: Double

        /// Interval 1 s, speed 20 m/s (like `simctl location start`).
        public static let `default` = Configuration(checkedInterval: 1, speed: 20)

        /// A configuration, or `nil` unless `interval` is finite and ≥ 0 and `speed` finite and > 0.
        public init?(interval: Double = 1, speed: Double = 20) {
            guard interval.isFinite, interval >= 0, speed.isFinite, speed > 0 else { return nil }
            self.init(checkedInterval: interval, speed: speed)
        }

        private init(checkedInterval interval: Double, speed: Double) {
            self.interval = interval
            self.speed = speed
        }
    }

    struct TimeBase: Sendable {
        var epoch: Double
        var tau: Double
    }

    struct Anchor: Sendable {
        var coordinate: Coordinate
        var elevation: Double?
        var tau: Double
        var sourceTime: Double?
        /// The lap's time base when this point was placed (for samples leading up to it).
        var base: TimeBase?
    }

    enum Item: Sendable {
        case anchor(Anchor, next: Anchor?)
        case lapBreak
    }

    /// Emits one anchor: the samples between the previous anchor and it, then the anchor itself.
    struct Cursor: Sendable {
        var anchor: Anchor
        var prior: Anchor?
        var distance = 0.0
        var duration = 0.0
        var speed: Double?
        var anchorCourse: Double?
        /// Initial azimuth of the segment from the prior anchor.
        var lineAzimuth = 0.0
        var k: Int64 = 0
        var done = false
    }

    public let configuration: Configuration
    private let geodesic: Geodesic
    static let instantTolerance = 1e-6

    // Timing state of the current lap.
    private var lapOffset = 0.0
    private var lapHasPoints = false
    private var lastPlaced: (coordinate: Coordinate, tau: Double)?
    private var timeBase: TimeBase?
    private var lastTimed: (coordinate: Coordinate, tau: Double)?
    private var untimedRun: [PlaybackPoint] = []

    // Emission state.
    private var held: Anchor?
    private var queue: [Item] = []
    private var queueHead = 0
    private var prior: Anchor?
    private var cursor: Cursor?
    /// The geodesic of the cursor's segment, when sampling (kept out of `Cursor`: it is large).
    private var line: Geodesic.Line?

    public init(configuration: Configuration = .default, geodesic: Geodesic = .wgs84) {
        self.configuration = configuration
        self.geodesic = geodesic
    }

    // MARK: streaming interface

    /// Adds the next source point. Fetch the fixes it makes available with ``nextFix()``.
    public mutating func enqueue(_ point: PlaybackPoint) {
        lapHasPoints = true
        guard let time = point.time else {
            if lastTimed == nil {
                place(point, tau: tauAtSpeed(to: point.coordinate), sourceTime: nil)
            } else {
                untimedRun.append(point)
            }
            return
        }
        guard let base = timeBase, let previous = lastTimed else {
            let tau = tauAtSpeed(to: point.coordinate)
            timeBase = TimeBase(epoch: time, tau: tau)
            place(point, tau: tau, sourceTime: time)
            lastTimed = (point.coordinate, tau)
            return
        }
        let tau = max(base.tau + (time - base.epoch), previous.tau)
        if !untimedRun.isEmpty { placeRun(from: previous, to: (point.coordinate, tau), base: base) }
        place(point, tau: tau, sourceTime: time)
        lastTimed = (point.coordinate, tau)
    }

    /// Ends the current pass over the file; the next ``enqueue(_:)`` starts a new lap.
    public mutating func enqueueLapBreak() {
        closeLap()
        queue.append(.lapBreak)
    }

    /// Ends the input: the last point's fix becomes available.
    public mutating func enqueueEnd() {
        closeLap()
    }

    /// The next fix in time order, or `nil` until more input (or the end) is enqueued.
    public mutating func nextFix() -> RawFix? {
        while true {
            if let fix = nextFromCursor() { return fix }
            cursor = nil
            guard queueHead < queue.count else {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
                return nil
            }
            let item = queue[queueHead]
            queueHead += 1
            if queueHead > 64 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            switch item {
            case .lapBreak:
                prior = nil
            case .anchor(let anchor, let next):
                cursor = Self.makeCursor(
                    anchor, next: next, prior: prior, interval: configuration.interval, geodesic: geodesic)
                line = nil
                if configuration.interval > 0, let prior, cursor?.distance ?? 0 > 0 {
                    line = Geodesic.Line(
                        geodesic: geodesic, start: prior.coordinate, azimuth: cursor?.lineAzimuth ?? 0)
                }
                prior = anchor
            }
        }
    }

    // MARK: array interface

    /// Adds a point and returns the fixes it makes available.
    public mutating func push(_ point: PlaybackPoint) -> [RawFix] {
        enqueue(point)
        return drain()
    }

    /// Ends a lap (see ``enqueueLapBreak()``) and returns the fixes that completes.
    public mutating func beginLap() -> [RawFix] {
        enqueueLapBreak()
        return drain()
    }

    /// Ends the input and returns the remaining fixes.
    public mutating func finish() -> [RawFix] {
        enqueueEnd()
        return drain()
    }

    private mutating func drain() -> [RawFix] {
        var fixes: [RawFix] = []
        while let fix = nextFix() { fixes.append(fix) }
        return fixes
    }

    // MARK: timing

    private func tauAtSpeed(to coordinate: Coordinate) -> Double {
        guard let last = lastPlaced else { return lapOffset }
        return last.tau + geodesic.distance(from: last.coordinate, to: coordinate) / configuration.speed
    }

    /// Places the buffered untimed run between two timed points, by distance.
    private mutating func placeRun(
        from start: (coordinate: Coordinate, tau: Double), to end: (coordinate: Coordinate, tau: Double),
        base: TimeBase
    ) {
        var cumulative: [Double] = []
        cumulative.reserveCapacity(untimedRun.count)
        var total = 0.0
        var previous = start.coordinate
        for point in untimedRun {
            total += geodesic.distance(from: previous, to: point.coordinate)
            cumulative.append(total)
            previous = point.coordinate
        }
        total += geodesic.distance(from: previous, to: end.coordinate)
        let span = end.tau - start.tau
        let count = Double(untimedRun.count + 1)
        let run = untimedRun
        untimedRun.removeAll(keepingCapacity: true)
        for (index, point) in run.enumerated() {
            let share = total > 0 ? cumulative[index] / total : Double(index + 1) / count
            let tau = start.tau + span * share
            place(point, tau: tau, sourceTime: base.epoch + (tau - base.tau))
        }
    }

    private mutating func closeLap() {
        // A trailing untimed run moves at `speed` from the last timed point.
        let run = untimedRun
        untimedRun.removeAll(keepingCapacity: true)
        for point in run {
            let tau = tauAtSpeed(to: point.coordinate)
            place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) })
        }
        if let last = held {
            queue.append(.anchor(last, next: nil))
            held = nil
        }
        if lapHasPoints, let last = lastPlaced {
            let gap = configuration.interval > 0 ? configuration.interval : 1
            lapOffset = last.tau + gap
        }
        lapHasPoints = false
        lastPlaced = nil
        timeBase = nil
        lastTimed = nil
    }

    /// Gives a point its instant and queues the previous one once its successor is known.
    private mutating func place(_ point: PlaybackPoint, tau: Double, sourceTime: Double?) {
        let anchor = Anchor(
            coordinate: point.coordinate, elevation: point.elevation, tau: tau, sourceTime: sourceTime, base: timeBase)
        lastPlaced = (point.coordinate, tau)
        if let previous = held, tau > previous.tau {
            queue.append(.anchor(previous, next: anchor))
        }
        held = anchor
    }

    // MARK: emission

    private static func makeCursor(
        _ anchor: Anchor, next: Anchor?, prior: Anchor?, interval: Double, geodesic: Geodesic
    ) -> Cursor {
        var cursor = Cursor(anchor: anchor, prior: prior)
        if let prior {
            cursor.duration = anchor.tau - prior.tau
            let motion = segmentMotion(
                from: prior.coordinate, to: anchor.coordinate, interval: interval, geodesic: geodesic)
            cursor.distance = motion.distance
            cursor.speed = motion.distance / cursor.duration
            if motion.distance > 0 {
                cursor.anchorCourse = Self.course(motion.finalAzimuth)
                cursor.lineAzimuth = motion.initialAzimuth
            }
            if interval > 0 {
                cursor.k = Int64((prior.tau / interval).rounded(.down)) + 1
            }
        } else if let next {
            let motion = segmentMotion(
                from: anchor.coordinate, to: next.coordinate, interval: interval, geodesic: geodesic)
            cursor.speed = motion.distance / (next.tau - anchor.tau)
            if motion.distance > 0 { cursor.anchorCourse = Self.course(motion.initialAzimuth) }
        }
        return cursor
    }

    /// The cursor's next sample before its anchor, then the anchor, then `nil`. Works on the
    /// stored cursor in place: the segment's `Line` is large and is never copied.
    private mutating func nextFromCursor() -> RawFix? {
        guard let done = cursor?.done, !done else { return nil }
        let interval = configuration.interval
        if let prior = cursor?.prior, interval > 0 {
            let end = cursor!.anchor.tau - Self.instantTolerance
            while true {
                let t = Double(cursor!.k) * interval
                if t >= end { break }
                cursor!.k += 1
                if t <= prior.tau + Self.instantTolerance { continue }
                return sample(at: t, prior: prior)
            }
        }
        cursor!.done = true
        let current = cursor!
        return RawFix(
            t: current.anchor.tau, coordinate: current.anchor.coordinate, altitude: current.anchor.elevation,
            speed: current.speed, course: current.anchorCourse, sourceTime: current.anchor.sourceTime)
    }

    private func sample(at t: Double, prior: Anchor) -> RawFix {
        let current = cursor!
        let fraction = (t - prior.tau) / current.duration
        var coordinate = prior.coordinate
        var course: Double?
        if line != nil {
            let position = line!.position(at: fraction * current.distance)
            coordinate = position.coordinate
            course = Self.course(position.finalAzimuth)
        }
        var altitude: Double?
        if let from = prior.elevation, let to = current.anchor.elevation { altitude = from + (to - from) * fraction }
        var sourceTime: Double?
        if let base = current.anchor.base, t >= base.tau { sourceTime = base.epoch + (t - base.tau) }
        return RawFix(
            t: t, coordinate: coordinate, altitude: altitude, speed: current.speed, course: course,
            sourceTime: sourceTime)
    }

    /// Length and azimuths of a segment. Sampling (`interval` > 0) needs the exact geodesic to
    /// interpolate along; with `interval` 0 the fixes only need speed and course, so short
    /// segments (< 2 km, |latitude| < 70°) use the local ellipsoidal estimate — meridional and
    /// prime-vertical radii of curvature at the mid-latitude, azimuths corrected for meridian
    /// convergence — good there to 10⁻⁶ in distance and 10⁻³° in azimuth, at a tenth of the cost
    /// of the exact solution.
    static func segmentMotion(
        from a: Coordinate, to b: Coordinate, interval: Double, geodesic: Geodesic
    ) -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        if interval == 0, let estimate = Self.localEstimate(from: a, to: b, geodesic: geodesic) {
            return (estimate.distance, estimate.initialAzimuth, estimate.finalAzimuth)
        }
        let inverse = geodesic.inverse(from: a, to: b)
        return (inverse.distance, inverse.initialAzimuth, inverse.finalAzimuth)
    }

    /// The local ellipsoidal estimate of a short segment, or `nil` where it is not accurate.
    static func localEstimate(
        from a: Coordinate, to b: Coordinate, geodesic: Geodesic
    ) -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double)? {
        let degree = Double.pi / 180
        let mid = (a.latitude + b.latitude) / 2
        guard abs(mid) < 70, abs(b.latitude - a.latitude) < 0.02 else { return nil }
        let dlon = (b.longitude - a.longitude).remainder(dividingBy: 360)
        guard abs(dlon) < 0.06 else { return nil }
        let f = geodesic.flattening
        let e2 = f * (2 - f)
        let phi = mid * degree
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let w2 = 1 - e2 * sinPhi * sinPhi
        let n = geodesic.equatorialRadius / w2.squareRoot()
        let m = n * (1 - e2) / w2
        let north = m * (b.latitude - a.latitude) * degree
        let east = n * cosPhi * dlon * degree
        let distance = (north * north + east * east).squareRoot()
        guard distance < 2_000 else { return nil }
        guard distance > 0 else { return (0, 0, 0) }
        // The azimuth at the mid-latitude, turned by half the meridian convergence Δλ·sin φ at
        // each end.
        let azimuth = atan2(east, north) / degree
        let convergence = dlon * sinPhi / 2
        return (distance, azimuth - convergence, azimuth + convergence)
    }

    /// An azimuth in [-180, 180] as a course in [0, 360).
    static func course(_ azimuth: Double) -> Double {
        let course = azimuth < 0 ? azimuth + 360 : azimuth
        return course >= 360 ? 0 : course
    }
}
