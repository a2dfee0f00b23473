/// The one rule for replaying a track more than once (`--loop N`, `--loop-mode`), shared by the
/// pipeline and by every playback that must reproduce its raw fixes (export, `simctl` drives).
///
/// Between two laps, `return` mode first drives back to the first point of the first lap (an
/// untimed copy of it, reached at the playback's speed), then the playback gets a lap break;
/// `restart` mode only breaks the lap (the device jumps back).
public struct LapSequence: Sendable {
    /// How many passes over the points (at least 1).
    public let count: Int
    /// Whether the device drives back to the start between laps (`--loop-mode return`).
    public let returnsToStart: Bool
    /// The first point played, once one has been.
    public private(set) var firstPoint: PlaybackPoint?

    /// `count` laps (values below 1 mean 1), driving back between them when `returnsToStart`.
    public init(count: Int, returnsToStart: Bool) {
        self.count = max(1, count)
        self.returnsToStart = returnsToStart
    }

    /// Notes a point about to be enqueued (the first one is where `return` mode drives back to).
    public mutating func note(_ point: PlaybackPoint) {
        if firstPoint == nil { firstPoint = point }
    }

    /// Enqueues what separates lap `lap` from the one before it (nothing before lap 0).
    public func begin(lap: Int, on playback: inout Playback) {
        guard lap > 0 else { return }
        if returnsToStart, let first = firstPoint {
            playback.enqueue(PlaybackPoint(coordinate: first.coordinate, elevation: first.elevation))
        }
        playback.enqueueLapBreak()
    }
}
