import Foundation
public import HTTPRecording
public import Harness
import Replay
public import Simulation
import Synchronization
import Weather

/// Records a scenario live (`locsim record <scenario>`): runs it against the real providers
/// (or the `--base-url` / `--connect-to` overrides), writes `cassette.json` through a
/// ``RecordingSession`` (redacted, checked for secrets, atomic), then replays the new cassette
/// offline exactly as `locsim test` will and writes that transcript as `expected.jsonl`
/// (atomically), reporting what changed in both.
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

    public init(options: Options) {
        self.options = options
    }

    /// Records `scenario` over `liveTransport` (a ``LiveHTTPClient``, or a ``ConnectToClient``
    /// around one). `progress` sees each transcript line of the live run as it happens.
    public func record(
        _ scenario: Scenario, liveTransport: any HTTPClient, progress: ((TranscriptLine) -> Void)? = nil
    ) throws(ScenarioRecordError) -> RecordReport {
        if RecordMode.effective(options.mode, environment: options.environment) == .none {
            throw .refusedUnderCI
        }
        var settings: ReplaySettings
        do {
            settings = try scenario.file.replaySettings()
        } catch {
            throw .settings(error)
        }
        // `--base-url` sends a provider's requests elsewhere (a loopback server) while the
        // cassette keeps the scenario's own URLs, so the recording answers the scenario's replay.
        var redirects: [(from: String, to: String)] = []
        for argument in options.baseURLArguments {
            var overridden = settings.baseURLs
            do {
                try overridden.parse(argument: argument)
            } catch {
                throw .settings(ReplaySettingsError(option: error.option, message: error.message))
            }
            for key in BaseURLs.Key.allCases where overridden[key] != settings.baseURLs[key] {
                redirects.append((from: settings.baseURLs[key], to: overridden[key]))
            }
        }
        let credentials = ProviderCredentials(environment: options.environment)
        let configuration: ReplayConfiguration
        do {
            configuration = try settings.configuration(credentials: credentials)
        } catch {
            throw .settings(error)
        }

        let location = scenario.location
        let previous: Cassette?
        do {
            previous = try CassetteStore.loadIfPresent(location.cassetteURL.path)
        } catch {
            throw .recording(.cassette(error))
        }
        let watcher = LiveFailureWatcher(
            base: redirects.isEmpty ? liveTransport : BaseURLRedirectClient(base: liveTransport, redirects: redirects))
        let session: RecordingSession
        do {
            session = try RecordingSession(
                options: RecordingOptions(
                    live: true, recordPath: location.cassetteURL.path, mode: options.mode,
                    environment: options.environment, recordedAt: options.recordedAt,
                    recordCommand: "locsim record \(scenario.name) --mode new-episodes", comment: options.comment),
                liveTransport: watcher)
        } catch {
            throw .recording(error)
        }

        var live = ""
        do {
            let geocoder = try ReplayGeocoders.make(for: configuration, client: session.client)
            let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: session.client)
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

        let summary: RecordingSummary
        do {
            summary = try session.finish()
        } catch {
            throw .recording(error)
        }
        let current: Cassette
        do {
            current = try CassetteStore.loadIfPresent(location.cassetteURL.path) ?? Cassette()
        } catch {
            throw .recording(.cassette(error))
        }

        let replayed: String
        do {
            replayed = try ReplayScenarioExecutor().run(scenario)
        } catch {
            throw .run("the new cassette does not replay: \(error)")
        }
        let expectation: ExpectationChange
        do {
            expectation = try scenario.updateExpectation(to: replayed)
        } catch {
            throw .expectation(error)
        }
        return RecordReport(
            summary: summary, cassette: CassetteChange(old: previous, new: current), expectation: expectation,
            replaysAsRecorded: replayed == live, liveTranscript: live)
    }
}

/// Remembers every request the live transport could not deliver (unreachable, timed out).
final class LiveFailureWatcher: HTTPClient {
    private let base: any HTTPClient
    private let seen = Mutex<[String]>([])

    init(base: any HTTPClient) {
        self.base = base
    }

    /// The failure messages in order (host and cause, never a URL).
    var failures: [String] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            switch error {
            case .unreachable(let message), .timedOut(let message): seen.withLock { $0.append(message) }
            case .notRecorded, .refused: break
            }
            throw error
        }
    }
}
