public import LocSimLocationCore

/// Turns source points into raw fixes on the virtual clock (docs/contract.md, Playback), incrementally, so a
/// replay streams and its cost is proportional to points and fixes, never to empty virtual time.
/// Memory stays constant: a run of untimed points between two timed ones is held until the
/// second timed point says how long the run took, but at most `maxHeldRun` points; beyond that
/// ``runExtentRequest`` asks the caller to read ahead (``RunExtentMeasure``) and
/// ``provideRunExtent(_:)`` places the run as it streams, with the same result.
///
/// Timing. Each point gets a virtual instant τ (seconds since the replay started):
/// - the first point of the first lap is at τ = 0;
/// - timed points keep their own pace: τ = τ₀ + (time − time₀) from the lap's first timed point
///   a time that does not increase past the previous timed point's (a repeated or placeholder
///   time, a step back) is ignored: the point is untimed;
/// - untimed points before the first timed point, after the last one, or in a file without times
///   move at `speed` m/s along the geodesic from the previous point; those before the lap's first
///   timed point are held until it comes (or looked ahead, like a long run) and get a
///   `sourceTime` counted back from its time, so the track's clock covers them too;
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
/// Pauses. A segment of the track's clock longer than `maxGap` seconds (between timed points,
/// or within an untimed run they time), and one leading to a point ``PlaybackPoint/afterBreak``,
/// has no samples: the position stays until the clock jumps to the next point's instant. A
/// segment paced at `speed` is travel however long it is, never a pause.
///
/// Laps (`--loop N`): the pipeline re-reads the file and calls ``beginLap()`` between passes; the
/// next lap's first point comes one `interval` (1 s when `interval` is 0) after the previous
/// lap's last point, with no interpolation across the jump, and its times are relative to its own
/// first timed point.
///
/// Fix fields: `altitude` is the elevation, interpolated linearly when both ends have one;
/// `speed` and `course` are those of the segment (a point takes its incoming segment's, the
/// first point its outgoing one's; course is `nil` on a segment of zero length; with `interval` 0
/// short segments use a local estimate good to 10⁻⁶, measured only for the fixes the engine
/// reports, see `lazySegment`); `sourceTime` is the track's clock from the lap's first timed
/// point on: the point's own time, or interpolated.
public struct Playback: Sendable {
    /// Sampling and pacing.
    public struct Configuration: Sendable, Hashable {
        /// Seconds between interpolated fixes (`--interval`); 0 emits the points only.
        public let interval: Double
        /// Metres per second for untimed points (`--speed`).
        public let speed: Double
        /// Seconds between two points beyond which the segment is a pause (`--max-gap`): no
        /// interpolated fixes, the clock jumps.
        public let maxGap: Double

        /// The default `--max-gap`: 10 minutes.
        public static let defaultMaxGap = 600.0

        /// Interval 1 s, speed 20 m/s (like `simctl location start`), maximum gap 600 s.
        public static let `default` = Configuration(checkedInterval: 1, speed: 20, maxGap: defaultMaxGap)

        /// A configuration, or `nil` unless `interval` is finite and ≥ 0, `speed` finite and > 0
        /// and `maxGap` ≥ 0 (infinity: never pause).
        public init?(interval: Double = 1, speed: Double = 20, maxGap: Double = defaultMaxGap) {
            guard interval.isFinite, interval >= 0, speed.isFinite, speed > 0, maxGap >= 0 else { return nil }
            self.init(checkedInterval: interval, speed: speed, maxGap: maxGap)
        }

        private init(checkedInterval interval: Double, speed: Double, maxGap: Double) {
            self.interval = interval
            self.speed = speed
            self.maxGap = maxGap
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
        /// No samples lead up to it: a gap over `maxGap`, or a break in the track.
        var pause = false
    }

    /// The position and instant of an anchor's successor.
    struct Successor: Sendable {
        var coordinate: Coordinate
        var tau: Double
    }

    enum Item: Sendable {
        /// An anchor and where its successor is (only the first anchor of a lap uses it, for its
        /// outgoing segment's speed and course; kept small because every point is copied through
        /// the queue).
        case anchor(Anchor, next: Successor?)
        case lapBreak
    }

    /// Emits one anchor: the samples between the previous anchor and it, then the anchor itself.
    struct Cursor: Sendable {
        var anchor: Anchor
        var distance = 0.0
        var duration = 0.0
        /// The anchor's speed and course (the segment's, measured lazily where it can be).
        var motion = RawFix.Motion.known(speed: nil, course: nil)
        /// Initial azimuth of the segment from the prior anchor.
        var lineAzimuth = 0.0
        var k: Int64 = 0
        /// Whether the anchor's fix is still to come.
        var active = false

        /// A spent cursor, before the first anchor.
        static let idle = Cursor(
            anchor: Anchor(
                coordinate: Coordinate(latitude: 0, longitude: 0), elevation: nil, tau: 0, sourceTime: nil, base: nil))
    }

    public let configuration: Configuration
    let geodesic: Geodesic
    /// The ellipsoid's equatorial radius and e², for ``LocalSegment`` (kept apart so the
    /// common path never copies the 256-byte `Geodesic`).
    private let localRadius: Double
    private let localE2: Double
    static let instantTolerance = 1e-6

    // Timing state of the current lap.
    private var lapOffset = 0.0
    private var lapHasPoints = false
    private var lastPlaced: (coordinate: Coordinate, tau: Double)?
    var timeBase: TimeBase?
    var lastTimed: (coordinate: Coordinate, tau: Double, time: Double)?
    var untimedRun: [PlaybackPoint] = []
    /// Untimed points held at most; beyond, the caller reads ahead.
    private let maxHeldRun: Int
    /// Points enqueued in this lap (the index of the next one).
    var lapIndex = 0
    /// The lap index of `untimedRun`'s first point.
    var runStart = 0
    /// Set while the current untimed run's extent is known: its points are placed as they come.
    var streamingRun: StreamingRun?
    /// Whether the run outgrew `maxHeldRun` and waits for ``provideRunExtent(_:)``.
    var extentRequested = false
    /// Whether the look-ahead found no timed point in this lap after its leading untimed run:
    /// its points are placed as they come, with no `sourceTime`.
    var lapIsUntimed = false

    // Emission state.
    private var held: Anchor?
    private var queue: [Item] = []
    private var queueHead = 0
    /// The anchor before the cursor's (its segment's start); it becomes the cursor's anchor once
    /// that one's fix is out.
    private var prior: Anchor?
    /// Works in place (the emission path copies no large value: this struct is over 1 kB).
    private var cursor = Cursor.idle
    /// The geodesic of the cursor's segment, when sampling (kept out of `Cursor`: it is large).
    private var line: Geodesic.Line?

    /// `maxHeldRun` bounds the untimed points held before ``runExtentRequest`` asks for a look-ahead.
    public init(configuration: Configuration = .default, geodesic: Geodesic = .wgs84, maxHeldRun: Int = 4096) {
        self.configuration = configuration
        self.maxHeldRun = max(1, maxHeldRun)
        self.geodesic = geodesic
        localRadius = geodesic.equatorialRadius
        localE2 = geodesic.flattening * (2 - geodesic.flattening)
    }

    // MARK: streaming interface

    /// Adds the next source point. Fetch the fixes it makes available with ``nextFix()``.
    public mutating func enqueue(_ point: PlaybackPoint) {
        lapHasPoints = true
        lapIndex += 1
        // A time that does not move on from the previous timed point's is no schedule.
        let time = point.time.flatMap { time in lastTimed.map { time > $0.time } ?? true ? time : nil }
        guard let time else {
            if lastTimed == nil, timeBase != nil || lapIsUntimed {
                // The leading run's end is known (a look-ahead): placed as it streams.
                let tau = tauAtSpeed(to: point.coordinate)
                place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) }, atSpeed: true)
            } else if streamingRun != nil {
                placeStreaming(point)
            } else {
                if untimedRun.isEmpty { runStart = lapIndex - 1 }
                untimedRun.append(point)
                if untimedRun.count > maxHeldRun { extentRequested = true }
            }
            return
        }
        guard let base = timeBase, let previous = lastTimed else {
            let tau = placeLeadingRun(before: point.coordinate, time: time)
            timeBase = TimeBase(epoch: time, tau: tau)
            place(point, tau: tau, sourceTime: time, atSpeed: true)
            lastTimed = (point.coordinate, tau, time)
            return
        }
        let tau = base.tau + (time - base.epoch)
        streamingRun = nil
        if !untimedRun.isEmpty {
            placeRun(from: (previous.coordinate, previous.tau), to: (point.coordinate, tau), base: base)
        }
        place(point, tau: tau, sourceTime: time)
        lastTimed = (point.coordinate, tau, time)
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
            if cursor.active { return nextFromCursor() }
            guard queueHead < queue.count else {
                if !queue.isEmpty {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                return nil
            }
            let index = queueHead
            queueHead += 1
            switch queue[index] {
            case .lapBreak:
                prior = nil
            case .anchor(let anchor, let next):
                beginCursor(anchor, next: next)
            }
            if queueHead > 64 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
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

    func tauAtSpeed(to coordinate: Coordinate) -> Double {
        tauAtSpeed(from: lastPlaced, to: coordinate)
    }

    private func tauAtSpeed(from last: (coordinate: Coordinate, tau: Double)?, to coordinate: Coordinate) -> Double {
        guard let last else { return lapOffset }
        return last.tau + geodesic.distance(from: last.coordinate, to: coordinate) / configuration.speed
    }

    /// Places the held leading run (the lap's untimed points before its first timed one, at
    /// `coordinate` with `time`) at `speed`, its times counted back from `time`, and returns the
    /// timed point's instant.
    private mutating func placeLeadingRun(before coordinate: Coordinate, time: Double) -> Double {
        var last = lastPlaced
        var taus: [Double] = []
        taus.reserveCapacity(untimedRun.count)
        for point in untimedRun {
            let tau = tauAtSpeed(from: last, to: point.coordinate)
            taus.append(tau)
            last = (point.coordinate, tau)
        }
        let tau = tauAtSpeed(from: last, to: coordinate)
        let run = untimedRun
        untimedRun.removeAll(keepingCapacity: true)
        timeBase = TimeBase(epoch: time, tau: tau)
        for (point, pointTau) in zip(run, taus) {
            place(point, tau: pointTau, sourceTime: time + (pointTau - tau), atSpeed: true)
        }
        return tau
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
        streamingRun = nil
        extentRequested = false
        lapIsUntimed = false
        lapIndex = 0
        // A trailing untimed run moves at `speed` from the last timed point.
        let run = untimedRun
        untimedRun.removeAll(keepingCapacity: true)
        for point in run {
            let tau = tauAtSpeed(to: point.coordinate)
            place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) }, atSpeed: true)
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
    /// `atSpeed`: the segment to it is paced at `speed` (an untimed point, or the first timed one
    /// after untimed points), so however long it takes it is travel, never a pause.
    mutating func place(_ point: PlaybackPoint, tau: Double, sourceTime: Double?, atSpeed: Bool = false) {
        var anchor = Anchor(
            coordinate: point.coordinate, elevation: point.elevation, tau: tau, sourceTime: sourceTime, base: timeBase)
        if let last = lastPlaced {
            anchor.pause = point.afterBreak || (!atSpeed && tau - last.tau > configuration.maxGap)
        }
        lastPlaced = (point.coordinate, tau)
        if let previous = held {
            if tau > previous.tau {
                queue.append(.anchor(previous, next: Successor(coordinate: anchor.coordinate, tau: anchor.tau)))
            } else {
                // The later of two points at one instant is kept, and with it a pause before either.
                anchor.pause = anchor.pause || previous.pause
            }
        }
        held = anchor
    }

    // MARK: emission

    /// Points the cursor at `anchor`: its samples after ``prior`` and then its own fix.
    private mutating func beginCursor(_ anchor: Anchor, next: Successor?) {
        let interval = configuration.interval
        cursor.anchor = anchor
        cursor.distance = 0
        cursor.duration = 0
        cursor.motion = .known(speed: nil, course: nil)
        cursor.lineAzimuth = 0
        cursor.k = 0
        cursor.active = true
        if let prior {
            let duration = anchor.tau - prior.tau
            cursor.duration = duration
            if let segment = lazySegment(from: prior.coordinate, to: anchor.coordinate) {
                cursor.motion = .segment(segment, duration: duration, atEnd: true)
            } else {
                let motion = segmentMotion(from: prior.coordinate, to: anchor.coordinate)
                cursor.distance = motion.distance
                let course = motion.distance > 0 ? Self.course(motion.finalAzimuth) : nil
                cursor.motion = .known(speed: motion.distance / duration, course: course)
                if motion.distance > 0 { cursor.lineAzimuth = motion.initialAzimuth }
            }
            if interval > 0 {
                cursor.k = Int64((prior.tau / interval).rounded(.down)) + 1
            }
        } else if let next {
            let duration = next.tau - anchor.tau
            if let segment = lazySegment(from: anchor.coordinate, to: next.coordinate) {
                cursor.motion = .segment(segment, duration: duration, atEnd: false)
            } else {
                let motion = segmentMotion(from: anchor.coordinate, to: next.coordinate)
                let course = motion.distance > 0 ? Self.course(motion.initialAzimuth) : nil
                cursor.motion = .known(speed: motion.distance / duration, course: course)
            }
        }
        if interval > 0, let prior, cursor.distance > 0, !anchor.pause {
            line = Geodesic.Line(geodesic: geodesic, start: prior.coordinate, azimuth: cursor.lineAzimuth)
        } else if line != nil {
            line = nil
        }
    }

    /// The cursor's next sample before its anchor, or else the anchor (which spends the cursor).
    private mutating func nextFromCursor() -> RawFix {
        let interval = configuration.interval
        if interval > 0, !cursor.anchor.pause, let priorTau = prior?.tau {
            let end = cursor.anchor.tau - Self.instantTolerance
            while true {
                let t = Double(cursor.k) * interval
                if t >= end { break }
                cursor.k += 1
                if t <= priorTau + Self.instantTolerance { continue }
                return sample(at: t)
            }
        }
        cursor.active = false
        prior = cursor.anchor
        return RawFix(
            t: cursor.anchor.tau, coordinate: cursor.anchor.coordinate, altitude: cursor.anchor.elevation,
            motion: cursor.motion, sourceTime: cursor.anchor.sourceTime)
    }

    /// The sample at instant `t` between the cursor's prior anchor and its anchor.
    private func sample(at t: Double) -> RawFix {
        let prior = prior!
        let fraction = (t - prior.tau) / cursor.duration
        var coordinate = prior.coordinate
        var course: Double?
        if line != nil {
            let position = line!.position(at: fraction * cursor.distance)
            coordinate = position.coordinate
            course = Self.course(position.finalAzimuth)
        }
        var altitude: Double?
        if let from = prior.elevation, let to = cursor.anchor.elevation { altitude = from + (to - from) * fraction }
        var sourceTime: Double?
        if let base = cursor.anchor.base { sourceTime = base.epoch + (t - base.tau) }
        return RawFix(
            t: t, coordinate: coordinate, altitude: altitude, speed: cursor.motion.speedAndCourse.speed, course: course,
            sourceTime: sourceTime)
    }

    /// The segment for a fix to measure lazily: with `interval` 0 the fixes need only speed and
    /// course, so a short segment (< 2 km, |latitude| < 70°, see ``LocalSegment``) is handed to the
    /// fix and measured only if the engine reports it. `nil` when sampling or not short.
    private func lazySegment(from a: Coordinate, to b: Coordinate) -> LocalSegment? {
        guard configuration.interval == 0 else { return nil }
        return LocalSegment(from: a, to: b, equatorialRadius: localRadius, e2: localE2)
    }

    /// Length and azimuths of a segment. Sampling (`interval` > 0) needs the exact geodesic to
    /// interpolate along; with `interval` 0 the fixes only need speed and course, so short
    /// segments use the local estimate of ``LocalSegment``, good there to 10⁻⁶ in distance and
    /// 10⁻³° in azimuth, at a tenth of the cost of the exact solution.
    func segmentMotion(
        from a: Coordinate, to b: Coordinate
    ) -> (
        distance: Double, initialAzimuth: Double, finalAzimuth: Double
    ) {
        if configuration.interval == 0,
            let estimate = LocalSegment.estimate(from: a, to: b, equatorialRadius: localRadius, e2: localE2)
        {
            return estimate
        }
        let inverse = geodesic.inverse(from: a, to: b)
        return (inverse.distance, inverse.initialAzimuth, inverse.finalAzimuth)
    }

    /// An azimuth in [-180, 180] as a course in [0, 360).
    static func course(_ azimuth: Double) -> Double { RawFix.course(azimuth) }
}
