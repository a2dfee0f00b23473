public import Foundation
import LocSimGPX
public import LocSimGeocoding
import LocSimLocationCore
public import LocSimReplay
public import LocSimSettings
public import LocSimSimulation
public import LocSimSupport

/// A device driving a GPX track, for testing your own location code: CoreLocation-shaped
/// updates, a CLMonitor-shaped monitor, a throttled geocoder and a `NotificationCenter`, all on
/// one virtual clock.
///
/// ```swift
/// let device = try SimulatedDevice(track: URL(filePath: "Waypoints/franklin-la.gpx"))
/// let controller = LocationController(geocoder: device.geocoder, center: device.notificationCenter)
/// await controller.run(updates: device.locationManagerUpdates)
/// print(device.transcriptText)   // location, geocode, LOCATION_AVAILABLE lines, stamped in virtual time
/// ```
///
/// The updates are the ones `locsim replay` delivers with the same settings (same engine, same
/// playback, same seed). Time moves only as a consumer pulls: ``now`` is the instant of the
/// latest update (or monitor event) handed out, and the geocoder's throttle counts on it.
public final class SimulatedDevice: Sendable {
    /// The settings it was made with (`locsim replay`'s flags and defaults).
    public let settings: ReplaySettings
    /// Reverse geocoding from the gazetteer (or the geocoder given) behind Apple's throttle
    /// (`--geocode-limit`, 50 per 60 s by default) counted on ``now``; each call is recorded in
    /// the transcript (`geocode`, `geocode_failed`).
    public let geocoder: ThrottledGeocoder
    /// Where your code posts the seed's notifications (`LOCATION_AVAILABLE`, …). Posts of
    /// ``NotificationBridge/names`` with a `[String: String]` userInfo are recorded in the
    /// transcript at ``now``. Not `NotificationCenter.default`: each device has its own.
    public let notificationCenter: NotificationCenter
    /// What `locsim replay` prints as warnings for this track and these settings, one line each:
    /// settings the drive ignores, as CoreLocation would (`warning: '--distance-filter' is
    /// ignored in significant-change mode …`), then what the GPX reader skipped or repaired,
    /// compiler style (`Waypoints/x.gpx:12:5: warning: latitude 129.8 is outside …`). Empty for
    /// a clean track.
    public let warnings: [String]
    let state: DeviceState
    private let observers: Locked<[any NSObjectProtocol]>

    /// A device on the track at `track` (tracks, else routes, else waypoints, as `--source`
    /// says), with `settings` (default: `locsim replay`'s defaults) and `geocoder` (default: the
    /// offline gazetteer). The file is read now.
    ///
    /// - Throws: ``SimulatedDeviceError`` `invalidTrack` (file:line:column of the problem) or
    ///   `invalidSettings` (naming the option, or an ``ReplaySettings/events`` event after the
    ///   drive's end: with events, the drive is played once more here to find its end).
    public init(
        track: URL, settings: ReplaySettings = ReplaySettings(), geocoder: any ReverseGeocoder = OfflineGazetteer()
    ) throws(SimulatedDeviceError) {
        let configuration: ReplayConfiguration
        do throws(ReplaySettingsError) {
            configuration = try settings.configuration()
        } catch {
            throw SimulatedDeviceError(.invalidSettings, "error: \(error.message)")
        }
        let (points, trackWarnings) = try Self.points(of: track, configuration: configuration)
        if let (event, end) = DeviceDrive.eventAfterEnd(points: points, configuration: configuration) {
            throw SimulatedDeviceError(.invalidSettings, event.afterEndMessage(end: end, given: "events"))
        }
        let state = DeviceState(DeviceDrive(points: points, configuration: configuration))
        self.settings = settings
        self.warnings = configuration.warnings.map { "warning: \($0)" } + trackWarnings
        self.state = state
        self.geocoder = ThrottledGeocoder(
            geocoder: geocoder, throttle: configuration.geocoding.throttle, naming: configuration.geocoding.naming,
            now: { state.withDrive { $0.now } }, record: { state.record($0) })
        let center = NotificationCenter()
        notificationCenter = center
        observers = Locked(
            NotificationBridge.names.map { name in
                center.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { notification in
                    var userInfo: [String: String] = [:]
                    for case (let key as String, let value as String) in notification.userInfo ?? [:] {
                        userInfo[key] = value
                    }
                    state.record(BusNotification(name: name, userInfo: userInfo))
                }
            })
    }

    deinit {
        let tokens = observers.withLock { $0 }
        for token in tokens { notificationCenter.removeObserver(token) }
    }

    /// `CLMonitor(name)`: a new monitor. One per name at a time, as CLMonitor allows.
    ///
    /// The first monitor of a name holds the settings' regions (`--region ID=LAT,LON,M`,
    /// ``ReplaySettings/regions``) under their ids, as a CLMonitor's conditions persist from an
    /// earlier launch of the app: their first events (`satisfied`/`unsatisfied`) come at the
    /// first fix after the monitor is made. A later monitor of the name holds the conditions and
    /// records the last one left (they are not evaluated while none is open); its ``DeviceMonitor/events``
    /// start empty.
    /// - Parameter quirks: reported CLMonitor behaviours to reproduce (none by default).
    /// - Throws: ``SimulatedDeviceError`` `monitorExists` when a monitor of that name is alive.
    public func monitor(named name: String, quirks: MonitorQuirks = []) throws(SimulatedDeviceError) -> DeviceMonitor {
        guard let opening = state.withDrive({ $0.openMonitor(named: name, quirks: quirks) }) else {
            throw SimulatedDeviceError(
                .monitorExists,
                "a monitor named '\(name)' already exists on this device (CLMonitor allows one per name)")
        }
        return DeviceMonitor(name: name, opening: opening, state: state)
    }

    /// The virtual instant the consumers have reached, seconds since the start of the drive.
    public var now: Double { state.withDrive { $0.now } }

    /// Every line recorded so far: the engine's `authorization`, `location` and `location_error`
    /// (when they are played), `monitor_event`, the geocoder's `geocode` and `geocode_failed`,
    /// and the notifications posted on ``notificationCenter``.
    public var transcript: [TranscriptLine] { state.withDrive { $0.transcript } }

    /// ``transcript`` as JSON Lines (sorted keys, one line each, newline-terminated): what a
    /// golden file holds.
    public var transcriptText: String { transcript.map { $0.text + "\n" }.joined() }

    /// The points to play: the selected kind's, as a replay selects them.
    private static func points(
        of track: URL, configuration: ReplayConfiguration
    ) throws(SimulatedDeviceError) -> (points: [PlaybackPoint], warnings: [String]) {
        let path = track.path
        let reader = GPXReader(
            options: GPXReaderOptions(
                maxGap: configuration.playback.maxGap, strict: configuration.strict, source: configuration.source))
        var selector = SourceSelector(forced: configuration.source)
        var points: [PlaybackPoint] = []
        let summary: GPXSummary
        do {
            summary = try reader.read(fileAt: path) { point in
                if let selected = selector.accept(point) { points.append(selected) }
            }
        } catch {
            throw SimulatedDeviceError(.invalidTrack, "\(error)")
        }
        points += selector.finish().points
        guard !points.isEmpty else {
            throw SimulatedDeviceError(.invalidTrack, "\(path): error: no points to replay")
        }
        return (points, summary.warnings.map(\.description))
    }
}
