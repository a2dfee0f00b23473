package import LocSimLocationCore

/// The one drive: source points → playback (virtual clock, interpolation, laps, pauses) → raw
/// fixes with their instants → location engine, pulled a ``DriveStep`` at a time. Everything
/// that plays a track follows it: the replay pipeline, `SimulatedDevice`, export, maps, the
/// `simctl` drive and the benchmarks, so they all play the same fixes at the same instants.
///
/// Pure and deterministic: it never reads a clock or a file itself (``DrivePoints`` supplies the
/// points); time is the fixes' instants. Memory is what playback holds (see ``Playback``).
///
/// ```swift
/// var drive = Drive(points: HeldPoints(points), playback: .default, laps: LapSequence(count: 1, returnsToStart: false),
///                   engine: LocationEngine.Configuration())
/// while let step = try drive.next() { print(step.t, step.events) }
/// ```
///
/// Order: ``DriveStep/start(_:)`` once the first fix is ready; before each fix, the engine
/// deadlines due earlier; at the end, the deadlines still pending, then
/// ``DriveStep/finish(t:_:)``. Laps are separated as ``LapSequence`` says. Each scripted
/// ``DriveEvent`` is a ``DriveStep/event(_:_:)`` at its instant: after the start, and before a
/// fix or deadline at the same instant (the event has happened when the fix arrives); events of
/// one instant in the order given. An event after the drive's end (its last fix or deadline)
/// ends it with ``DriveFailure/eventAfterEnd(_:end:)`` in place of the finish.
package struct Drive<Points: DrivePoints> {
    /// The points' source (for what it learned while reading: a file's summary, say).
    package private(set) var points: Points
    private var playback: Playback
    private var laps: LapSequence
    private var engine: LocationEngine
    private let maxFixes: Int
    /// The scripted events, by instant (stable), and the next one to play.
    private let events: [DriveEvent]
    private var nextEvent = 0
    private var lap = 0
    private var endQueued = false
    private var playbackDone = false
    private var pending: RawFix?
    private var started = false
    private var finished = false
    /// Raw fixes played so far.
    package private(set) var rawFixes = 0
    /// The instant of the last step.
    package private(set) var instant = 0.0

    /// A drive over `points` with the scripted `events` (t ≥ 0; any order); more than
    /// `maxFixes` raw fixes end it with ``DriveFailure/tooManyFixes(limit:)``.
    package init(
        points: Points, playback: Playback.Configuration, laps: LapSequence, engine: LocationEngine.Configuration,
        events: [DriveEvent] = [], maxFixes: Int = .max
    ) {
        self.points = points
        self.playback = Playback(configuration: playback)
        self.laps = laps
        self.engine = LocationEngine(configuration: engine)
        self.events = events.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(
            \.element)
        self.maxFixes = maxFixes
    }

    /// Whether locations reach the app now (after ``DriveStep/start(_:)``, while authorized and
    /// not when-in-use in the background).
    package var isRunning: Bool { engine.isRunning }

    /// The engine as it is after the latest step: its authorization, accuracy authorization,
    /// Location Services and application state (``LocationEngine/authorizationStatus``, …).
    package var engineState: LocationEngine { engine }

    /// Tells the engine the app holds (or no longer holds) a service session, from the latest
    /// step on (``LocationEngine/holdServiceSession(_:)``).
    package mutating func holdServiceSession(_ held: Bool) {
        engine.holdServiceSession(held)
    }

    /// The instant of the step ``next()`` returns next, without taking it: the engine plays
    /// nothing, so what happens before that step (a service session, say) still applies to it.
    /// `nil` after ``DriveStep/finish(t:_:)``.
    package mutating func peekInstant() throws(DriveFailure<Points.Failure>) -> Double? {
        guard !finished else { return nil }
        try readPending()
        guard started else { return 0 }
        let nextInstant = min(engine.nextDeadline ?? .infinity, pending?.t ?? .infinity)
        if nextEvent < events.count, events[nextEvent].t <= nextInstant { return events[nextEvent].t }
        return nextInstant < .infinity ? nextInstant : instant
    }

    /// The next step, or `nil` after ``DriveStep/finish(t:_:)``.
    package mutating func next() throws(DriveFailure<Points.Failure>) -> DriveStep? {
        guard !finished else { return nil }
        try readPending()
        if !started {
            started = true
            return .start(engine.start(at: 0))
        }
        let nextInstant = min(engine.nextDeadline ?? .infinity, pending?.t ?? .infinity)
        if nextEvent < events.count {
            let event = events[nextEvent]
            if event.t <= nextInstant || nextInstant == .infinity {
                nextEvent += 1
                guard nextInstant < .infinity else { throw .eventAfterEnd(event, end: instant) }
                instant = event.t
                return .event(event, engine.apply(event.kind, at: event.t))
            }
        }
        if let deadline = engine.nextDeadline, deadline < pending?.t ?? .infinity {
            instant = deadline
            return .deadline(t: deadline, engine.advance(to: deadline))
        }
        if let fix = pending {
            pending = nil
            instant = fix.t
            return .fix(fix, engine.ingest(fix))
        }
        finished = true
        return .finish(t: instant, engine.finish(at: instant))
    }

    /// Reads the next raw fix of playback into `pending`, if there is none and playback goes on.
    private mutating func readPending() throws(DriveFailure<Points.Failure>) {
        guard pending == nil, !playbackDone else { return }
        pending = try nextRawFix()
        playbackDone = pending == nil
    }

    /// The next raw fix of playback, within the drive's limit.
    private mutating func nextRawFix() throws(DriveFailure<Points.Failure>) -> RawFix? {
        let fix: RawFix?
        do throws(Points.Failure) {
            fix = try playNextFix()
        } catch {
            throw .points(error)
        }
        guard fix != nil else { return nil }
        guard rawFixes < maxFixes else { throw .tooManyFixes(limit: maxFixes) }
        rawFixes += 1
        return fix
    }

    /// Feeds playback points, look-aheads, lap breaks and the end until it has a fix to give.
    private mutating func playNextFix() throws(Points.Failure) -> RawFix? {
        while true {
            if playback.needsRunExtent, let request = playback.runExtentRequest {
                playback.provideRunExtent(try points.measure(request))
            }
            if let fix = playback.nextFix() { return fix }
            if let point = try points.next() {
                laps.note(point)
                playback.enqueue(point)
            } else if lap + 1 < laps.count {
                lap += 1
                try points.rewind()
                laps.begin(lap: lap, on: &playback)
            } else if !endQueued {
                endQueued = true
                playback.enqueueEnd()
            } else {
                return nil
            }
        }
    }
}

extension Drive: Sendable where Points: Sendable {}
