public import LocSimLocationCore
public import LocSimSimulation

/// The raw fixes a replay plays from its source points: the same ``Playback`` as the pipeline,
/// fed the same way (laps separated as ``LapSequence`` separates them, then the end), so every
/// fix comes with its instant. The CLI checks them against the runner's own raw fixes.
public enum RawFixPlayer {
    /// Every raw fix of the `laps` passes over `points` (the selected source points of one pass).
    public static func fixes(
        of points: [PlaybackPoint], playback configuration: Playback.Configuration, laps: LapSequence
    ) -> [RawFix] {
        var fixes: [RawFix] = []
        play(points, playback: configuration, laps: laps) { fixes.append($0) }
        return fixes
    }

    /// Hands every raw fix of the `laps` passes over `points` to `body`, in order, keeping none.
    public static func play(
        _ points: [PlaybackPoint], playback configuration: Playback.Configuration, laps: LapSequence,
        _ body: (RawFix) -> Void
    ) {
        var playback = Playback(configuration: configuration)
        var laps = laps
        func drain() {
            while let fix = playback.nextFix() { body(fix) }
        }
        for lap in 0..<laps.count {
            if lap > 0 {
                laps.begin(lap: lap, on: &playback)
                drain()
            }
            for point in points {
                laps.note(point)
                playback.enqueue(point)
                drain()
            }
        }
        playback.enqueueEnd()
        drain()
    }
}
