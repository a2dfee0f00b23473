import LocSimCanonicalJSON
package import LocSimLocationCore

/// One step of a ``Drive``, in virtual-time order. Each carries what the location engine made of
/// it (`authorization`, `location`, `location_error`), possibly nothing.
package enum DriveStep: Sendable, Hashable {
    /// Location services start at t = 0, just before the first raw fix.
    case start([EngineEvent])
    /// An engine deadline (a significant-change delivery deferred to `t`), before the next fix.
    case deadline(t: Double, [EngineEvent])
    /// A raw fix of playback, with its instant, and what the engine delivered from it.
    case fix(RawFix, [EngineEvent])
    /// A scripted ``DriveEvent`` at its instant, and what the engine told the app then.
    case event(DriveEvent, [EngineEvent])
    /// Playback has ended at `t` (the last fix or deadline) and updates stop. The last step.
    case finish(t: Double, [EngineEvent])

    /// The step's virtual instant.
    package var t: Double {
        switch self {
        case .start: 0
        case .deadline(let t, _), .finish(let t, _): t
        case .fix(let fix, _): fix.t
        case .event(let event, _): event.t
        }
    }

    /// What the engine produced at this step.
    package var events: [EngineEvent] {
        switch self {
        case .start(let events), .deadline(_, let events), .fix(_, let events), .event(_, let events),
            .finish(_, let events):
            events
        }
    }
}

/// Why a ``Drive`` stopped early.
package enum DriveFailure<PointsFailure: Error>: Error {
    /// Reading the points failed.
    case points(PointsFailure)
    /// Playback would produce more raw fixes than the drive's limit.
    case tooManyFixes(limit: Int)
    /// A scripted event comes after the drive's end, at `end` (its last fix or deadline): it
    /// would never happen.
    case eventAfterEnd(DriveEvent, end: Double)
}

extension DriveEvent {
    /// What ``DriveFailure/eventAfterEnd(_:end:)`` says, the event named as `given` names where
    /// it was given (`--event, events`).
    package func afterEndMessage(end: Double, given: String) -> String {
        "error: the event \(argument) (\(given)) is after the end of the drive at t=\(formatFixed(end, decimals: 3)); "
            + "give it a time from 0 to the end"
    }
}
