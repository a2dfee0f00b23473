public import LocSimSimulation

extension ReplayConfiguration {
    /// `--loop` and `--loop-mode` as the playback applies them.
    public var lapSequence: LapSequence {
        LapSequence(count: laps, returnsToStart: loopMode == .return)
    }
}
