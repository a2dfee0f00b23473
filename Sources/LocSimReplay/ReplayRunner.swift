import Foundation
import LocSimAppServices
package import LocSimGPX
public import LocSimGeocoding
public import LocSimHTTPRecording
public import LocSimLocationCore
public import LocSimSimulation
public import LocSimSupport

/// Runs one replay: GPX → playback → location engine → reverse geocoder → bus (weather services,
/// push controller) → transcript, all on a virtual clock. Deterministic: the transcript is a
/// function of the GPX file, the configuration and what the HTTP client answers.
///
/// Order of events on the virtual clock:
/// - The transcript starts with the first fix playback produces (at t = 0): the `authorization`
///   event comes first, so a file that fails before its first fix prints nothing; one that fails
///   later ends with a `replay_error` line.
/// - Work due at an instant runs before anything else happening then: a geocode completing at
///   t is posted before a fix at t is ingested (so it is no longer pending for that fix's
///   request) and before a significant-change delivery deferred to t.
/// - A delivered `location` is followed at once by what its geocode causes at the same instant
///   (`LOCATION_AVAILABLE` and the services' events with latency 0, or `geocode_failed`).
/// - End of playback: the device rests at the last point and the app keeps running until nothing
///   is pending. A significant change deferred past the last fix is delivered at its deadline,
///   then updates stop and pending geocodes (latency > 0, queued ones) complete; the transcript
///   ends with the last of them. Nothing new is requested after that except by those
///   deliveries themselves.
///
/// Threads: the file is parsed on a thread of its own (`PointStream`), which hands the selected
/// points over in order, in batches; everything else — playback, engine, geocoding, bus, `sink`
/// — runs on the calling thread, so the transcript does not depend on the threads. The services'
/// async code runs on the calling thread too, on a ``ServiceExecutor`` it drains while it waits:
/// the virtual clock stands still until a service's `handle` returns.
///
/// Memory: track points stream through playback a batch at a time (at most 4 × 1,024 in
/// flight); nothing is kept per point (routes and waypoints chosen as the source are held until
/// the end of the file, see ``SourceSelector``).
public struct ReplayRunner: Sendable {
    public let configuration: ReplayConfiguration
    /// Answers the reverse geocodes (`nil` with `--geocoder none`).
    public let geocoder: (any ReverseGeocoder)?
    /// Every HTTP request of providers and push goes through it (cassettes, live or recording).
    public let client: any HTTPClient
    /// The app on the bus: providers, weather and push services, and any of the user's own.
    public let app: ReplayApp
    /// Hears about a service's work that reaches the run after it ended (dropped, see
    /// ``RunGate``): a warning on standard error unless a test listens.
    package var lateWork: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(
            Data("locsim: \(TerminalEscaping.escape(message, keepingNewlines: true))\n".utf8))
    }

    /// A runner for `configuration`. `geocoder` answers reverse geocodes (`nil`: none);
    /// `app` is the original app unless you plug in your own providers and services.
    public init(
        configuration: ReplayConfiguration, geocoder: (any ReverseGeocoder)?, client: any HTTPClient,
        app: ReplayApp = ReplayApp()
    ) {
        self.configuration = configuration
        self.geocoder = geocoder
        self.client = client
        self.app = app
    }

    /// Replays the GPX file at `path` (as given: relative paths resolve against the working
    /// directory), handing each transcript line to `sink` as soon as it is posted.
    /// `displayPath` is how messages name the file (defaults to `path`); `rawFix`, when given,
    /// sees every raw fix playback produces, with its instant (for exports, maps and drives),
    /// just before the engine gets it.
    public func run(
        gpxPath path: String, displayPath: String? = nil, rawFix: ((RawFix) -> Void)? = nil,
        sink: @escaping (TranscriptLine) -> Void
    ) throws(ReplayError) -> ReplaySummary {
        try run(gpx: GPXFile(path: path), displayPath: displayPath, rawFix: rawFix, sink: sink)
    }

    /// ``run(gpxPath:displayPath:rawFix:sink:)`` over a file already named (``GPXFile``): every
    /// lap and look-ahead reads its one descriptor.
    package func run(
        gpx file: GPXFile, displayPath: String? = nil, rawFix: ((RawFix) -> Void)? = nil,
        sink: @escaping (TranscriptLine) -> Void
    ) throws(ReplayError) -> ReplaySummary {
        let run = ReplayRun(runner: self, file: file, displayPath: displayPath ?? file.path, sink: sink, rawFix: rawFix)
        do {
            return try run.execute()
        } catch {
            run.reportFailure(error)
            throw error
        }
    }
}

/// The mutable state of one replay. Single-threaded: the bus delivers synchronously, so the
/// per-fix state skips runtime exclusivity checks (`@exclusivity(unchecked)`).
final class ReplayRun {
    let runner: ReplayRunner
    let scheduler = ManualScheduler()
    let bus = NotificationBus()
    /// The one drive: points → playback → raw fixes → engine.
    @exclusivity(unchecked) var drive: Drive<TrackFilePoints>
    @exclusivity(unchecked) var geocoding: GeocodeSession
    @exclusivity(unchecked) var summary = ReplaySummary()
    /// `--region`: the monitored regions' state machine, fed every raw fix.
    var regions: RegionMonitor
    /// Whether the engine has been started (at the first fix).
    @exclusivity(unchecked) var started = false
    /// Whether region monitoring has started (``startRegions()``).
    var regionsStarted = false
    // Posts collected by the transcript observer; drained and stamped by the run.
    let posted = PostedNotifications()
    let sink: (TranscriptLine) -> Void
    let rawFix: ((RawFix) -> Void)?
    /// Runs the services' async code on this thread.
    let executor = ServiceExecutor()
    /// How services reach this run from any thread; closed when the run ends.
    lazy var gate = RunGate(run: self, report: runner.lateWork)
    /// The user's location controller, when the app has one (in place of the built-in geocoding).
    var controller: ControllerLink?

    init(
        runner: ReplayRunner, file: GPXFile, displayPath: String, sink: @escaping (TranscriptLine) -> Void,
        rawFix: ((RawFix) -> Void)?
    ) {
        self.runner = runner
        self.sink = sink
        self.rawFix = rawFix
        drive = runner.configuration.drive(of: file, displayPath: displayPath)
        regions = RegionMonitor(
            regions: runner.configuration.regions.map {
                MonitoredRegion(
                    id: $0.id, center: Coordinate(latitude: $0.latitude, longitude: $0.longitude), radius: $0.radius)
            })
        geocoding = GeocodeSession(configuration: runner.configuration.geocoding)
    }

    func execute() throws(ReplayError) -> ReplaySummary {
        let posted = self.posted
        let transcriptToken = bus.addObserver(for: nil) { notification in
            posted.append(notification)
        }
        let services = try startServices()
        if services != nil, let user = runner.app.locationController { controller = link(user) }
        defer {
            controller?.bridge.stop()
            services?.stop()
            bus.removeObserver(transcriptToken)
            executor.runPending()
            gate.close()
        }
        // A replay awaited from a task that is cancelled stops here (``OwnThread``).
        while !OwnThread.isCancelled, let step = try nextStep() {
            switch step {
            case .start(let events):
                started = true
                for event in events { handle(event) }
                startRegions()
            case .event(let scripted, let events):
                scheduler.advance(to: scripted.t)
                switch scripted.kind {
                case .background, .foreground: bus.post(.applicationState(drive.engineState.applicationState))
                default: break
                }
                for event in events { handle(event) }
                startRegions()
                drain()
            case .deadline(let t, let events):
                scheduler.advance(to: t)
                for event in events { handle(event) }
                drain()
            case .fix(let fix, let events):
                summary.rawFixes += 1
                rawFix?(fix)
                scheduler.advance(to: fix.t)
                for event in events { handle(event) }
                if drive.isRunning, !regions.isEmpty { for event in regions.ingest(fix) { handle(event) } }
                drain()
            case .finish(_, let events):
                // The device rests where the track ended and updates stop; the work still
                // pending (geocodes in flight or queued, and what they cause) runs to the end.
                for event in events { handle(event) }
                scheduler.runUntilIdle()
                drain()
            }
        }
        summary.file = drive.points.summary
        summary.source = drive.points.kind
        summary.duration = scheduler.now
        summary.geocoding = geocoding.counters
        return summary
    }

    /// Region monitoring starts with the first step that leaves updates running (the start,
    /// unless a later authorization grants them).
    private func startRegions() {
        guard !regionsStarted, drive.isRunning else { return }
        regionsStarted = true
        for event in regions.start() { handle(event) }
    }

    /// The drive's next step, its failures as the replay's.
    private func nextStep() throws(ReplayError) -> DriveStep? {
        do {
            return try drive.next()
        } catch {
            switch error {
            case .points(let error): throw error
            case .tooManyFixes(let limit):
                throw ReplayError(
                    .invalidInput,
                    "error: the replay would play more than \(limit) fixes; "
                        + "use a larger --interval (playback.interval) or a smaller --loop (playback.loop)")
            case .eventAfterEnd(let event, let end):
                throw ReplayError(.invalidInput, event.afterEndMessage(end: end, given: "--event, events"))
            }
        }
    }

    /// Registers the app's services on the bus, in order (``ServiceHost``).
    private func startServices() throws(ReplayError) -> ServiceHost? {
        let services: [any AppService]
        do throws(ReplaySettingsError) {
            services = try runner.app.services(for: runner.configuration.services)
        } catch {
            throw ReplayError(.invalidInput, "error: \(error.message)")
        }
        guard runner.configuration.geocoder != .none else { return nil }
        let configuration = runner.configuration.services
        let context = ServiceContext(
            http: runner.client, credentials: configuration.credentials, endpoints: configuration.endpoints,
            timeout: runner.app.serviceTimeout, clock: RunClock(gate: gate), executor: executor)
        return ServiceHost(bus: bus, services: services, context: context)
    }

    private func handle(_ event: EngineEvent) {
        defer {
            if let controller, let update = LocationUpdate(event, in: drive.engineState) {
                deliver(update, to: controller)
            }
        }
        switch event {
        case .authorization(let status):
            bus.post(.authorization(status, in: drive.engineState))
        case .location(let location):
            summary.deliveredFixes += 1
            bus.post(.location(location))
            drain()
            if geocoder != nil, controller == nil {
                perform(geocoding.request(location.coordinate, at: scheduler.now))
                scheduler.advance(to: scheduler.now)
            }
        case .error(let code, let message):
            bus.post(.locationError, ["code": String(code), "message": message])
        }
        drain()
    }

    private func handle(_ event: RegionEvent) {
        bus.post(.region(event))
        drain()
    }

    private var geocoder: (any ReverseGeocoder)? {
        runner.configuration.geocoder == .none ? nil : runner.geocoder
    }

    /// Carries out the geocoding session's decisions on the virtual clock.
    private func perform(_ actions: [GeocodeAction]) {
        for action in actions {
            switch action {
            case .issue(let id, let coordinate, let completesAt):
                // Unowned: the scheduler belongs to this run, so its work never outlives it, and
                // work left behind by a failed run does not keep the run alive.
                scheduler.schedule(at: completesAt) { [unowned self] in
                    let result: Result<Placemark, GeocodeError>
                    do throws(GeocodeError) {
                        result = .success(try geocoder!.reverseGeocode(coordinate))
                    } catch {
                        result = .failure(error)
                    }
                    perform(geocoding.complete(id, with: result, at: scheduler.now))
                }
            case .queue, .skip:
                break
            case .deliver(_, let placemark, let coordinate), .deliverCached(let placemark, let coordinate):
                bus.post(
                    .locationAvailable(placemark, at: coordinate, naming: runner.configuration.geocoding.naming))
                drain()
            case .fail(_, let error, let at):
                let post = { [unowned self] in
                    // One line: a geocoder's error may carry a multi-line report naming local
                    // files (an unrecorded Nominatim request); the transcript must be the same on
                    // every machine.
                    let message = String(error.message.prefix { $0 != "\n" })
                    bus.post(.geocodeFailed, ["code": String(error.code), "message": message])
                    drain()
                }
                if at > scheduler.now { scheduler.schedule(at: at, post) } else { post() }
            }
        }
    }

    /// Hands the posts collected since the last drain to `sink`, stamped with the virtual time.
    func drain() {
        gate.runInbox(self)
        let notifications = posted.take()
        for notification in notifications {
            summary.events += 1
            sink(TranscriptLine(t: scheduler.now, notification: notification))
        }
    }
}

/// The transcript observer's inbox. The bus may call observers from any thread, so it is
/// locked, although a replay posts from one thread only. The run drains it after every fix.
final class PostedNotifications: Sendable {
    private let items = Locked<[BusNotification]>([])

    func append(_ notification: BusNotification) {
        items.withLock { $0.append(notification) }
    }

    /// Everything appended since the last call, in posting order.
    func take() -> [BusNotification] {
        items.withLock { items in
            guard !items.isEmpty else { return [] }
            let taken = items
            items = []
            return taken
        }
    }
}

extension ReplayRunner {
    /// ``run(gpxPath:displayPath:rawFix:sink:)`` when `rawFix` takes only the coordinate, as it
    /// did before raw fixes came with their instants.
    @available(*, deprecated, message: "rawFix now receives the RawFix (its .coordinate, .t, …)")
    public func run(
        gpxPath path: String, displayPath: String? = nil, rawFix: @escaping (Coordinate) -> Void,
        sink: @escaping (TranscriptLine) -> Void
    ) throws(ReplayError) -> ReplaySummary {
        try run(
            gpxPath: path, displayPath: displayPath, rawFix: { (fix: RawFix) in rawFix(fix.coordinate) }, sink: sink)
    }
}
