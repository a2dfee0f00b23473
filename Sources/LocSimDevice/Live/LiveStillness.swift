import LocSimLocationCore
import LocSimReplay

/// One ``LiveUpdates`` iterator's rule for "still" (``LocationUpdate/LiveConfiguration``): a fix
/// whose true speed is below `stillSpeed` starts (or continues) a still run; once the run has
/// lasted `stillDuration` the fix is delivered with `isStationary` and the stream pauses; the
/// first fix at or above `stillSpeed` ends the pause and is delivered. An unknown speed counts as
/// not moving. Diagnostic updates (no location) always pass.
struct LiveStillness: Sendable {
    let configuration: LocationUpdate.LiveConfiguration
    private var stillSince: Double?
    private var paused = false

    init(_ configuration: LocationUpdate.LiveConfiguration) {
        self.configuration = configuration
    }

    /// What the stream delivers for `update` (one per raw fix), or `nil` while paused.
    mutating func deliver(_ update: LocationUpdate) -> LocationUpdate? {
        guard let location = update.location else { return update }
        var moving = update
        moving.isStationary = false
        guard (location.speed ?? 0) < configuration.stillSpeed else {
            stillSince = nil
            paused = false
            return moving
        }
        guard !paused else { return nil }
        let since = stillSince ?? location.timestamp
        stillSince = since
        guard location.timestamp - since >= configuration.stillDuration else { return moving }
        paused = true
        moving.isStationary = true
        return moving
    }
}
