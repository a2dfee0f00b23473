import LocSimLocationCore
import LocSimReplay
import LocSimSimulation

/// A ``SimulatedDevice``'s side of the one ``Drive``: held track points → playback → location
/// engine (and the monitors' conditions), one raw fix per ``step()``, exactly as a replay plays
/// them. It never reads a clock: time is the fixes' instants.
///
/// Everything it produces is kept (updates, monitor events, transcript lines) so that each
/// consumer reads the whole sequence at its own pace. Used under the device's lock only.
struct DeviceDrive: Sendable {
    private var drive: Drive<HeldPoints>
    /// `--region`: the conditions every monitor of the device starts with.
    let regions: [RegionSpec]
    /// Whether playback has ended and the engine has stopped: nothing more will be produced.
    private(set) var finished = false
    /// Every update made so far, in order.
    private(set) var updates: [LocationUpdate] = []
    /// The monitors, by name.
    var monitors: [String: MonitorLog] = [:]
    /// Every transcript line so far (`authorization`, `location`, `location_error`, the monitors'
    /// events, and what the device's geocoder and notification center record).
    var transcript: [TranscriptLine] = []
    /// The instant the device's consumers have reached: the latest update or event handed out.
    var now = 0.0

    init(points: [PlaybackPoint], configuration: ReplayConfiguration) {
        drive = Drive(
            points: HeldPoints(points), playback: configuration.playback, laps: configuration.lapSequence,
            engine: configuration.engine)
        regions = configuration.regions
    }

    /// Plays up to and including the next raw fix (with the deadlines due before it), or, at the
    /// end of the track, the last deferred delivery and the stop. Does nothing once ``finished``.
    mutating func step() {
        // Points in memory cannot fail and the drive has no fix limit.
        while !finished, let step = try? drive.next() {
            record(step.events, at: step.t)
            switch step {
            case .start, .deadline:
                continue
            case .fix(let fix, _):
                if drive.isRunning { feedMonitors(fix) }
            case .finish:
                finished = true
            }
            return
        }
    }

    private mutating func feedMonitors(_ fix: RawFix) {
        for name in monitors.keys.sorted() {
            for event in monitors[name]!.ingest(fix) {
                transcript.append(
                    TranscriptLine(
                        t: fix.t,
                        notification: BusNotification(
                            name: "monitor_event",
                            userInfo: ["monitor": name, "identifier": event.identifier, "state": event.state.rawValue]))
                )
            }
        }
    }

    private mutating func record(_ events: [EngineEvent], at instant: Double) {
        for event in events {
            let notification: BusNotification
            switch event {
            case .authorization(let status): notification = .authorization(status)
            case .location(let location): notification = .location(location)
            case .error(let code, let message):
                notification = BusNotification(
                    name: .locationError, userInfo: ["code": String(code), "message": message])
            }
            transcript.append(TranscriptLine(t: instant, notification: notification))
            if let update = LocationUpdate(event) { updates.append(update) }
        }
    }
}
