import LocSimLocationCore
import LocSimReplay
import LocSimSimulation

/// The pull-driven pipeline of a ``SimulatedDevice``: held track points → playback → location
/// engine (and the monitors' conditions), one raw fix per ``step()``, in the order a replay
/// plays them (``ReplayRunner``). It never reads a clock: time is the fixes' instants.
///
/// Everything it produces is kept (updates, monitor events, transcript lines) so that each
/// consumer reads the whole sequence at its own pace. Used under the device's lock only.
struct DeviceDrive: Sendable {
    private let points: [PlaybackPoint]
    /// `--loop`, `--loop-mode`: the replay's own rule for what separates laps.
    private var laps: LapSequence
    /// `--region`: the conditions every monitor of the device starts with.
    let regions: [RegionSpec]
    private var playback: Playback
    private var engine: LocationEngine
    private var pointIndex = 0
    private var lap = 0
    private var ended = false
    private var started = false
    /// The virtual instant of the last raw fix or deadline played.
    private(set) var instant = 0.0
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
        self.points = points
        laps = configuration.lapSequence
        regions = configuration.regions
        playback = Playback(configuration: configuration.playback)
        engine = LocationEngine(configuration: configuration.engine)
    }

    /// Plays one raw fix (with the deadlines due before it), or, at the end of the track, the
    /// last deferred delivery and the stop. Does nothing once ``finished``.
    mutating func step() {
        guard !finished else { return }
        if !started {
            started = true
            record(engine.start(at: 0))
        }
        guard let fix = nextRawFix() else {
            while let deadline = engine.nextDeadline {
                instant = deadline
                record(engine.advance(to: deadline))
            }
            record(engine.finish(at: instant))
            finished = true
            return
        }
        while let deadline = engine.nextDeadline, deadline < fix.t {
            instant = deadline
            record(engine.advance(to: deadline))
        }
        instant = fix.t
        record(engine.ingest(fix))
        if engine.isRunning {
            for name in monitors.keys.sorted() {
                let events = monitors[name]!.ingest(fix)
                for event in events {
                    transcript.append(
                        TranscriptLine(
                            t: fix.t,
                            notification: BusNotification(
                                name: "monitor_event",
                                userInfo: [
                                    "monitor": name, "identifier": event.identifier, "state": event.state.rawValue,
                                ]
                            )))
                }
            }
        }
    }

    private mutating func record(_ events: [EngineEvent]) {
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

    /// The next raw fix of playback, feeding it points, lap breaks and the end as a replay does.
    private mutating func nextRawFix() -> RawFix? {
        while true {
            if playback.needsRunExtent, let request = playback.runExtentRequest {
                var measure = Playback.RunExtentMeasure(request)
                var extent: Playback.RunExtent?
                for point in points.dropFirst(request.start) {
                    extent = measure.add(point)
                    if extent != nil { break }
                }
                playback.provideRunExtent(extent ?? measure.atEnd)
            }
            if let fix = playback.nextFix() { return fix }
            if pointIndex < points.count {
                laps.note(points[pointIndex])
                playback.enqueue(points[pointIndex])
                pointIndex += 1
            } else if lap + 1 < laps.count {
                lap += 1
                pointIndex = 0
                laps.begin(lap: lap, on: &playback)
            } else if !ended {
                ended = true
                playback.enqueueEnd()
            } else {
                return nil
            }
        }
    }
}
