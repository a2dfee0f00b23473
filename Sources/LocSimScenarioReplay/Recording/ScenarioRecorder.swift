import Foundation
public import LocSimHTTPRecording
public import LocSimReplay
public import LocSimScenarioHarness
public import LocSimSimulation
import LocSimSupport
import LocSimWeather

/// Records a scenario live (`locsim record <scenario>`): runs it against the real providers
/// (or the `--base-url` / `--connect-to` overrides), writes `cassette.json` through a
/// ``RecordingSession`` (redacted, checked for secrets), then replays the new cassette offline
/// exactly as `locsim test` will and takes that transcript as `expected.jsonl`, reporting what
/// changed in both. Both files are built in a ``RecordStaging`` folder and swapped in together,
/// so a kill at any point leaves the old pair, the new pair, or a half swap the next run finishes.
///
/// Nothing is written when a provider could not be reached (``ScenarioRecordError/unreachable(_:)``),
/// and nothing runs at all under CI (``ScenarioRecordError/refusedUnderCI``).
public struct ScenarioRecorder: Sendable {
    /// How to record.
    public struct Options: Sendable {
        /// `--mode`: `all` (default: a fresh capture replaces the cassette), `new-episodes`
        /// (keep what matches, append the rest) or `once` (record only a missing cassette).
        public var mode: RecordMode
        /// `--base-url KEY=URL` arguments, applied over the scenario's `baseURLs`.
        public var baseURLArguments: [String]
        /// `--comment`: the cassette's new `comment`; `nil` keeps the old one.
        public var comment: String?
        /// The process environment: provider secrets and `CI`.
        public var environment: [String: String]
        /// The wall clock for `recordedAt` (ISO 8601).
        public var recordedAt: @Sendable () -> String

        public init(
            mode: RecordMode = .all, baseURLArguments: [String] = [], comment: String? = nil,
            environment: [String: String], recordedAt: @escaping @Sendable () -> String
        ) {
            self.mode = mode
            self.baseURLArguments = baseURLArguments
            self.comment = comment
            self.environment = environment
            self.recordedAt = recordedAt
        }
    }

    public var options: Options
    /// The app the scenario drives while recording (default: the original app).
    public var app: ReplayApp

    public init(options: Options, app: ReplayApp = ReplayApp()) {
        self.options = options
        self.app = app
    }

    /// Records `scenario` over `liveTransport` (a ``LiveHTTPClient``, or a ``ConnectToClient``
    /// around one), staging the new files in `staging` (whose ``RecordStaging/abandon()`` a
    /// signal handler may call). `progress` sees each transcript line of the live run as it happens.
    public func record(
        _ scenario: Scenario, liveTransport: any HTTPClient, staging: RecordStaging = RecordStaging(),
        progress: ((TranscriptLine) -> Void)? = nil
    ) throws(ScenarioRecordError) -> RecordReport {
        if RecordMode.effective(options.mode, environment: options.environment) == .none {
            throw .refusedUnderCI
        }
        let configuration: ReplayConfiguration
        do {
            configuration = try scenario.file.settings.configuration(app: app, environment: options.environment)
        } catch {
            throw .settings(error)
        }
        // `--base-url` sends a provider's requests elsewhere (a loopback server) while the
        // cassette keeps the scenario's own URLs, so the recording answers the scenario's replay.
        let endpoints = configuration.services.endpoints
        var redirects: [(from: String, to: String)] = []
        for argument in options.baseURLArguments {
            do throws(EndpointError) {
                let (key, url) = try endpoints.parse(argument: argument)
                if let from = endpoints[key], from != url { redirects.append((from: from, to: url)) }
            } catch {
                let (value, candidates) = error.suggestionInput
                throw .settings(
                    ReplaySettingsError(
                        option: "--base-url", message: error.description, value: value, validValues: candidates))
            }
        }

        let location = scenario.location
        // The scenario's own cassette is locked for the whole recording (the session below locks
        // only its staged copy), so a `serve --record` or another recorder of the same file, by
        // any name, is kept out: exit 75, nothing recorded.
        let lock: CassetteLock
        do {
            lock = try CassetteLock.acquire(for: location.cassetteURL.path)
        } catch let busy as CassetteLock.Busy {
            throw .recording(.busy(busy))
        } catch {
            let reason = (error as? AtomicWriteError)?.reason ?? "\(error)"
            throw .recording(.cassette(CassetteError(kind: .write, path: location.cassetteURL.path, reason: reason)))
        }
        defer { lock.release() }
        staging.hold(lock)
        let previous: Cassette?
        do {
            previous = try CassetteStore.loadIfPresent(location.cassetteURL.path)
        } catch {
            throw .recording(.cassette(error))
        }
        let (staged, recovery) = try staging.begin(scenario)
        defer { staging.abandon() }
        let stagedLocation = staged.location
        let watcher = LiveFailureWatcher(
            base: redirects.isEmpty ? liveTransport : BaseURLRedirectClient(base: liveTransport, redirects: redirects))
        let session: RecordingSession
        var recording = RecordingOptions(
            live: true, recordPath: stagedLocation.cassetteURL.path, mode: options.mode,
            environment: options.environment, secrets: app.secrets, recordedAt: options.recordedAt,
            recordCommand: "locsim record \(scenario.name) --mode new-episodes", comment: options.comment)
        recording.matching = app.matchingRules
        do {
            session = try RecordingSession(options: recording, liveTransport: watcher)
        } catch {
            throw .recording(error)
        }

        var live = ""
        do {
            let geocoder = try ReplayGeocoders.make(for: configuration, client: session.client, app: app)
            let runner = ReplayRunner(
                configuration: configuration, geocoder: geocoder, client: session.client, app: app)
            _ = try runner.run(gpxPath: scenario.trackURL.path, displayPath: scenario.file.track) { line in
                live += line.text + "\n"
                progress?(line)
            }
        } catch let error as ReplayError {
            throw .replay(error)
        } catch {
            throw .run(String(describing: error))
        }
        let failures = watcher.failures
        guard failures.isEmpty else { throw .unreachable(failures) }

        let stagedSummary: RecordingSummary
        do {
            stagedSummary = try session.finish()
        } catch {
            throw .recording(error.unstaged(stagedLocation, as: location))
        }
        let summary = RecordingSummary(
            replayed: stagedSummary.replayed, recorded: stagedSummary.recorded,
            written: stagedSummary.written.map { _ in location.cassetteURL.path })
        let current: Cassette
        do {
            current = try CassetteStore.loadIfPresent(stagedLocation.cassetteURL.path) ?? Cassette()
        } catch {
            throw .recording(.cassette(error))
        }

        let replayed: String
        do {
            // Paths in messages name the scenario's own folder, as `locsim test` will see them.
            replayed = try ReplayScenarioExecutor(app: app).run(staged).replacing("/" + stagedLocation.name, with: "")
        } catch {
            throw .run("the new cassette does not replay: \(error)")
        }
        let expectation = Self.expectationChange(location, to: replayed)
        do {
            try AtomicFileWriter(createsDirectories: true).write(replayed, to: stagedLocation.expectationURL.path)
        } catch {
            var named = error
            named.path = location.expectationURL.path
            throw .expectation(.cannotWrite(named))
        }
        try staging.commit()
        return RecordReport(
            summary: summary, cassette: CassetteChange(old: previous, new: current), expectation: expectation,
            replaysAsRecorded: replayed == live, liveTranscript: live, recovery: recovery)
    }

    /// What replacing the scenario's `expected.jsonl` with `transcript` changes.
    static func expectationChange(_ location: ScenarioLocation, to transcript: String) -> ExpectationChange {
        guard let previous = FileManager.default.contents(atPath: location.expectationURL.path) else { return .created }
        if previous == Data(transcript.utf8) { return .unchanged }
        return .changed(
            UnifiedDiff(
                old: String(decoding: previous, as: UTF8.self), new: transcript, oldLabel: location.expectationPath,
                newLabel: "recorded"))
    }
}

extension RecordingError {
    /// The error with the staged cassette's folder replaced by the scenario's own, as people
    /// know the file.
    fileprivate func unstaged(_ staged: ScenarioLocation, as location: ScenarioLocation) -> RecordingError {
        let from = staged.directory.path
        let to = location.directory.path
        func fix(_ text: String) -> String {
            text.replacing(from.hasSuffix("/") ? from : from + "/", with: to.hasSuffix("/") ? to : to + "/")
                .replacing(from, with: to)
        }
        switch self {
        case .cassette(var error):
            error.path = fix(error.path)
            error.reason = fix(error.reason)
            return .cassette(error)
        case .secretLeak(let path, let leaks): return .secretLeak(path: fix(path), leaks: leaks)
        case .configuration: return self
        case .busy(var busy):
            busy.path = fix(busy.path)
            busy.lockPath = fix(busy.lockPath)
            return .busy(busy)
        }
    }
}
