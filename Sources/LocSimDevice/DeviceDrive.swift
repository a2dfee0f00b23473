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
    /// The open monitors, by name.
    var monitors: [String: MonitorLog] = [:]
    /// The conditions and records of monitors that were dropped, by name, for the next monitor of
    /// that name (CLMonitor keeps a monitor's conditions until they are removed).
    private var closedMonitors: [String: MonitorLog] = [:]
    /// How many monitors have been opened.
    private var openings = 0
    /// The service sessions, by id (an invalidated one stays, for its diagnostics' readers).
    private(set) var sessions: [Int: SessionLog] = [:]
    private var nextSessionID = 0
    /// Every transcript line so far (`authorization`, `location`, `location_error`,
    /// `application_state`, the monitors' events, and what the device's geocoder and
    /// notification center record).
    var transcript: [TranscriptLine] = []
    /// The instant the device's consumers have reached: the latest update or event handed out,
    /// or the deadline of the latest sleep on ``SimulatedDevice/clock`` that returned.
    var now = 0.0
    /// The live stream's engine (``SimulatedDevice/liveUpdates(_:)``): no distance filter.
    private var liveEngine: LocationEngine
    /// One update per raw fix (and the start's diagnostics) from ``liveEngine``, before any
    /// configuration's stillness rule.
    private(set) var liveFixes: [LocationUpdate] = []

    init(points: [PlaybackPoint], configuration: ReplayConfiguration) {
        drive = Drive(
            points: HeldPoints(points), playback: configuration.playback, laps: configuration.lapSequence,
            engine: configuration.engine, events: configuration.events)
        regions = configuration.regions
        liveEngine = LocationEngine(configuration: Self.liveConfiguration(configuration.engine))
    }

    /// The first scripted event after the end of the drive `points` and `configuration` make,
    /// with that end, or `nil` when every event happens: plays the drive once (only when there
    /// are events), so the device refuses such settings before anything is consumed.
    static func eventAfterEnd(
        points: [PlaybackPoint], configuration: ReplayConfiguration
    ) -> (event: DriveEvent, end: Double)? {
        guard !configuration.events.isEmpty else { return nil }
        var drive = Drive(
            points: HeldPoints(points), playback: configuration.playback, laps: configuration.lapSequence,
            engine: configuration.engine, events: configuration.events)
        do {
            while try drive.next() != nil {}
        } catch {
            if case .eventAfterEnd(let event, let end) = error { return (event, end) }
        }
        return nil
    }

    /// The drive's engine after the latest recorded step: its authorization status, accuracy
    /// authorization, Location Services and application state, as the scripted events left them.
    var engine: LocationEngine { drive.engineState }

    /// The live stream's engine settings: the replay's, without `distanceFilter` or significant
    /// changes, at `best` accuracy (liveUpdates has no `desiredAccuracy`) unless precise location
    /// is off (`reduced`).
    static func liveConfiguration(_ engine: LocationEngine.Configuration) -> LocationEngine.Configuration {
        var live = engine
        live.distanceFilter = .none
        live.significantChange = false
        if live.desiredAccuracy != .reduced { live.desiredAccuracy = .best }
        return live
    }

    /// The instant of the next step, without playing it; `nil` at the end.
    mutating func peekInstant() -> Double? {
        guard !finished else { return nil }
        // Points in memory cannot fail and the drive has no fix limit.
        return (try? drive.peekInstant()) ?? nil
    }

    /// Plays and records the next step and returns it; `nil` once ``finished``.
    @discardableResult
    mutating func commitOne() -> DriveStep? {
        // Points in memory cannot fail, the drive has no fix limit, and the device refused
        // events after the end (``eventAfterEnd(points:configuration:)``).
        guard !finished, let step = try? drive.next() else {
            finished = true
            return nil
        }
        if case .event(let event, _) = step, event.kind == .background || event.kind == .foreground {
            transcript.append(
                TranscriptLine(t: event.t, notification: .applicationState(drive.engineState.applicationState)))
        }
        record(step.events, at: step.t)
        switch step {
        case .start:
            liveFixes += liveEngine.start(at: 0).compactMap(LocationUpdate.init)
        case .deadline:
            break
        case .fix(let fix, _):
            if drive.isRunning { feedMonitors(fix) }
            liveFixes += liveEngine.ingest(fix).compactMap { LocationUpdate($0, in: liveEngine) }
        case .event(let event, _):
            let wasRunning = liveEngine.isRunning
            liveFixes += liveEngine.apply(event.kind, at: event.t).compactMap { LocationUpdate($0, in: liveEngine) }
            if event.kind == .foreground {
                for id in sessions.keys where sessions[id]!.isValid { sessions[id]!.inUse = true }
            }
            holdSessions(liveWasRunning: wasRunning)
            diagnose(at: event.t)
        case .finish(let t, _):
            _ = liveEngine.finish(at: t)
            finished = true
        }
        return step
    }

    /// Plays up to and including the next raw fix (with the deadlines due before it), or, at the
    /// end of the track, the last deferred delivery and the stop. Does nothing once ``finished``.
    mutating func step() {
        while let step = commitOne() {
            switch step {
            case .fix, .finish: return
            default: continue
            }
        }
    }

    /// A new ``ServiceSession`` at the latest instant; returns its id.
    mutating func openSession(_ authorization: ServiceSession.AuthorizationRequirement, fullAccuracy: Bool) -> Int {
        let id = nextSessionID
        nextSessionID += 1
        sessions[id] = SessionLog(
            authorization: authorization, fullAccuracy: fullAccuracy,
            inUse: drive.engineState.applicationState == .active)
        sessionsChanged()
        return id
    }

    /// Invalidates the session `id`; nothing when it is invalid already.
    mutating func invalidateSession(_ id: Int) {
        guard sessions[id]?.isValid == true else { return }
        sessions[id]!.isValid = false
        sessionsChanged()
    }

    /// After a session is made or invalidated: both engines learn whether one keeps the app in
    /// use, and the sessions' diagnostics follow, at the latest instant (``now`` or the drive's
    /// latest step, whichever is later). After the drive's end only a new session's first
    /// diagnostic is made.
    private mutating func sessionsChanged() {
        let instant = Swift.max(now, drive.instant)
        if finished {
            for id in sessions.keys where sessions[id]!.isValid && sessions[id]!.diagnostics.isEmpty {
                sessions[id]!.note(diagnostic(of: sessions[id]!), at: instant)
            }
            return
        }
        holdSessions(liveWasRunning: liveEngine.isRunning)
        diagnose(at: instant)
    }

    /// Tells both engines whether a held session keeps the app in use; when that stops the live
    /// stream of a when-in-use app in the background (it was running: `wasRunning`), the stream
    /// gets one update without a location saying so (`insufficientlyInUse`, and
    /// `serviceSessionRequired` when no session requires `whenInUse` or `always`).
    private mutating func holdSessions(liveWasRunning wasRunning: Bool) {
        let keepsInUse = sessions.values.contains(where: \.keepsInUse)
        drive.holdServiceSession(keepsInUse)
        liveEngine.holdServiceSession(keepsInUse)
        if wasRunning, !liveEngine.isRunning, liveEngine.authorizationStatus == .authorizedWhenInUse,
            liveEngine.applicationState == .background
        {
            liveFixes.append(
                LocationUpdate(
                    location: nil, insufficientlyInUse: true,
                    serviceSessionRequired: !sessions.values.contains(where: \.requiresInUse)))
        }
    }

    /// Notes each held session's diagnostic at `t` (recorded when it changed), and gives the open
    /// monitors the app's diagnostics (each posts them on its conditions when they changed).
    private mutating func diagnose(at t: Double) {
        for id in sessions.keys where sessions[id]!.isValid { sessions[id]!.note(diagnostic(of: sessions[id]!), at: t) }
        let current = monitorDiagnostics
        for name in monitors.keys.sorted() {
            recordMonitorEvents(monitors[name]!.diagnose(current, at: t), of: name, at: t)
        }
    }

    /// The app's diagnostics for monitor events, from the engine's state and the sessions.
    private var monitorDiagnostics: MonitorDiagnostics {
        MonitorDiagnostics(
            engine: drive.engineState, sessionRequiresInUse: sessions.values.contains(where: \.requiresInUse))
    }

    private func diagnostic(of session: SessionLog) -> ServiceSession.Diagnostic {
        ServiceSession.Diagnostic(
            authorization: session.authorization, fullAccuracy: session.fullAccuracy, engine: drive.engineState,
            requiresInUse: sessions.values.contains(where: \.requiresInUse))
    }

    /// A sleep on ``SimulatedDevice/clock`` until `deadline` (virtual seconds): records every
    /// step at or before it (so a fix at the same instant comes first), then moves ``now`` to it.
    /// Past the end of the drive, time goes on up to ``DeviceClock/afterDrive`` seconds; returns
    /// `false` (and moves nothing past the end) for a later deadline.
    mutating func sleep(until deadline: Double) -> Bool {
        while let t = peekInstant(), t <= deadline { commitOne() }
        if finished {
            guard deadline <= drive.instant + DeviceClock.afterDrive else {
                now = Swift.max(now, drive.instant)
                return false
            }
        }
        now = Swift.max(now, deadline)
        return true
    }

    /// Opens the monitor `name`: the conditions and records the last monitor of that name left,
    /// or, the first time, the settings' regions. Returns which opening it is, or `nil` while a
    /// monitor of that name is open.
    mutating func openMonitor(named name: String, quirks: MonitorQuirks) -> Int? {
        guard monitors[name] == nil else { return nil }
        var log = closedMonitors.removeValue(forKey: name) ?? MonitorLog()
        if log.opening == 0 {
            for region in regions {
                log.add(
                    CircularCondition(
                        center: Coordinate(latitude: region.latitude, longitude: region.longitude),
                        radius: region.radius),
                    identifier: region.id, assuming: .unknown, at: now)
            }
        }
        openings += 1
        log.adopt(monitorDiagnostics)
        let reemitted = log.reopen(opening: openings, quirks: quirks, at: now)
        monitors[name] = log
        recordMonitorEvents(reemitted, of: name, at: now)
        return openings
    }

    /// Closes the monitor `name` of that `opening`, keeping its conditions and records.
    mutating func closeMonitor(named name: String, opening: Int) {
        guard let log = monitors[name], log.opening == opening else { return }
        monitors[name] = nil
        closedMonitors[name] = log
    }

    private mutating func feedMonitors(_ fix: RawFix) {
        for name in monitors.keys.sorted() {
            recordMonitorEvents(monitors[name]!.ingest(fix), of: name, at: fix.t)
        }
    }

    /// `monitor_event` {monitor, identifier, state} lines; each diagnostic flag that is set
    /// (`conditionLimitExceeded` on the events of a condition past the limit, `authorizationDenied`
    /// and the others of ``MonitorDiagnostics``) as a key with the value "true".
    private mutating func recordMonitorEvents(_ events: [MonitorEvent], of name: String, at t: Double) {
        for event in events {
            var userInfo = ["monitor": name, "identifier": event.identifier, "state": event.state.rawValue]
            if event.conditionLimitExceeded { userInfo["conditionLimitExceeded"] = "true" }
            for flag in MonitorDiagnostics(of: event).names { userInfo[flag] = "true" }
            transcript.append(
                TranscriptLine(t: t, notification: BusNotification(name: "monitor_event", userInfo: userInfo)))
        }
    }

    private mutating func record(_ events: [EngineEvent], at instant: Double) {
        for event in events {
            let notification: BusNotification
            switch event {
            case .authorization(let status): notification = .authorization(status, in: drive.engineState)
            case .location(let location): notification = .location(location)
            case .error(let code, let message):
                notification = BusNotification(
                    name: .locationError, userInfo: ["code": String(code), "message": message])
            }
            transcript.append(TranscriptLine(t: instant, notification: notification))
            if let update = LocationUpdate(event, in: drive.engineState) { updates.append(update) }
        }
    }
}
