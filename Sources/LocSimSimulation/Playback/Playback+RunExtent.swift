public import LocSimLocationCore

/// A run of untimed points too long to hold (docs/contract.md, Playback, issue 19): the caller measures it by
/// reading ahead and playback then places its points as they stream, exactly where it would have
/// placed them holding the run.
extension Playback {
    /// What playback needs to know about a run before placing it: the geodesic length from the
    /// last timed point through the run to the next timed point, the number of legs, and that
    /// point's time (`nil` when the lap ends first: the run moves at `speed`).
    public struct RunExtent: Sendable, Hashable {
        public var length: Double
        public var legs: Int
        public var endTime: Double?

        public init(length: Double, legs: Int, endTime: Double?) {
            self.length = length
            self.legs = legs
            self.endTime = endTime
        }
    }

    /// Where the run to measure starts: the index in this lap of its first point (0 = the lap's
    /// first point), the last timed point's position and time.
    public struct RunExtentRequest: Sendable, Hashable {
        public var start: Int
        public var from: Coordinate
        public var after: Double
    }

    /// Measures a run from the points that follow ``RunExtentRequest/start``, in order.
    public struct RunExtentMeasure: Sendable {
        private let geodesic: Geodesic
        private let after: Double
        private var previous: Coordinate
        private var length = 0.0
        private var legs = 0

        public init(_ request: RunExtentRequest, geodesic: Geodesic = .wgs84) {
            self.geodesic = geodesic
            after = request.after
            previous = request.from
        }

        /// Adds the next point; the extent once a point ends the run (a time later than the
        /// request's), else `nil`.
        public mutating func add(_ point: PlaybackPoint) -> RunExtent? {
            length += geodesic.distance(from: previous, to: point.coordinate)
            legs += 1
            previous = point.coordinate
            if let time = point.time, time > after { return RunExtent(length: length, legs: legs, endTime: time) }
            return nil
        }

        /// The extent of a run that the end of the lap ends.
        public var atEnd: RunExtent { RunExtent(length: length, legs: legs, endTime: nil) }
    }

    /// The state of a run placed while it streams.
    struct StreamingRun: Sendable {
        var start: (coordinate: Coordinate, tau: Double)
        var span: Double
        var extent: RunExtent
        var previous: Coordinate
        var cumulative = 0.0
        var index = 0
    }

    /// Whether ``runExtentRequest`` has a request (a cheap check for every point).
    public var needsRunExtent: Bool { extentRequested }

    /// Asks for a look-ahead: the held untimed run outgrew `maxHeldRun`. A lap's leading run
    /// (before its first timed point) is measured from its own first point, any time ending it.
    public var runExtentRequest: RunExtentRequest? {
        guard extentRequested else { return nil }
        guard let lastTimed else {
            guard let first = untimedRun.first else { return nil }
            return RunExtentRequest(start: runStart, from: first.coordinate, after: -.infinity)
        }
        return RunExtentRequest(start: runStart, from: lastTimed.coordinate, after: lastTimed.time)
    }

    /// Places the held run and, until its end, each untimed point as it comes, given its extent.
    public mutating func provideRunExtent(_ extent: RunExtent) {
        guard extentRequested else { return }
        guard let lastTimed, let base = timeBase else { return provideLeadingRunExtent(extent) }
        extentRequested = false
        var span = 0.0
        if let endTime = extent.endTime { span = base.tau + (endTime - base.epoch) - lastTimed.tau }
        streamingRun = StreamingRun(
            start: (lastTimed.coordinate, lastTimed.tau), span: span, extent: extent, previous: lastTimed.coordinate)
        let run = untimedRun
        untimedRun = []
        for point in run { placeStreaming(point) }
    }

    /// Places the held leading run at `speed`, its times counted back from the timed point that
    /// ends it (none when the lap has none), and the rest of the run as it comes.
    private mutating func provideLeadingRunExtent(_ extent: RunExtent) {
        guard lastTimed == nil, timeBase == nil, let first = untimedRun.first else { return }
        extentRequested = false
        let firstTau = tauAtSpeed(to: first.coordinate)
        if let endTime = extent.endTime {
            timeBase = TimeBase(epoch: endTime, tau: firstTau + extent.length / configuration.speed)
        } else {
            lapIsUntimed = true
        }
        let run = untimedRun
        untimedRun = []
        for point in run {
            let tau = tauAtSpeed(to: point.coordinate)
            place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) }, atSpeed: true)
        }
    }

    /// Places one point of a streaming run, as `placeRun` would have placed it.
    mutating func placeStreaming(_ point: PlaybackPoint) {
        guard var run = streamingRun else { return }
        guard run.extent.endTime != nil else {
            let tau = tauAtSpeed(to: point.coordinate)
            return place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) }, atSpeed: true)
        }
        run.cumulative += geodesic.distance(from: run.previous, to: point.coordinate)
        run.previous = point.coordinate
        let share =
            run.extent.length > 0 ? run.cumulative / run.extent.length : Double(run.index + 1) / Double(run.extent.legs)
        run.index += 1
        streamingRun = run
        let tau = run.start.tau + run.span * share
        place(point, tau: tau, sourceTime: timeBase.map { $0.epoch + (tau - $0.tau) })
    }
}
