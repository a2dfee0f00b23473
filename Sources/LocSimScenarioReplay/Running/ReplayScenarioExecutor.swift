import Foundation
public import LocSimGeocoding
import LocSimHTTPRecording
public import LocSimReplay
public import LocSimScenarioHarness
public import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather

/// Runs a scenario through the replay pipeline, offline and strictly from its own
/// `cassette.json`: the executor behind `locsim test` and ``LocSimScenarioHarness/Scenario/run()``.
///
/// - Credentials are always placeholders (`<AERIS_CLIENT_ID>`): the transcript never depends on
///   the environment, and recorded placeholders match any value anyway.
/// - Only the scenario's cassette answers; a request it does not answer becomes a
///   `provider_error` (`not_recorded`), never a network call. A scenario without a cassette is
///   fine as long as it makes no request.
/// - The offline gazetteer is shared (``ReplayGeocoders/gazetteer``), so `--jobs N` loads it once.
///
/// Thread-safe: every run builds its own session, bus and engine.
public struct ReplayScenarioExecutor: ScenarioExecutor {
    /// The app the scenarios drive: the original app unless you plug in your own providers,
    /// services or geocoder.
    public var app: ReplayApp
    /// In place of the geocoder the scenario names; `nil` keeps it.
    public var geocoder: (any ReverseGeocoder)?
    /// Where the person reading a miss report runs commands (`nil`: this process's current
    /// directory): the record command names the scenario's recordings folder from there, and the
    /// cassette is shown from there when it lies inside it.
    package var workingDirectory: String?

    /// An executor for `app` (default: the original app), with `geocoder` in place of the one each
    /// scenario names.
    public init(app: ReplayApp = ReplayApp(), geocoder: (any ReverseGeocoder)? = nil) {
        self.app = app
        self.geocoder = geocoder
    }

    /// The settings a scenario of this executor may state: ``app``'s (with its plug-ins' options).
    public var settingsTable: [ReplaySettingSpec] { app.settingsTable }

    /// The scenario's transcript, one compact JSON object and `\n` per event.
    ///
    /// - Throws: ``ReplaySettingsError`` for settings the pipeline cannot run,
    ///   `RecordingError` for a broken cassette, `GazetteerError` when the embedded data cannot
    ///   be loaded, `ReplayError` for a missing (saying where it was looked for) or invalid track.
    public func run(_ scenario: Scenario) throws -> String {
        try runReportingMisses(scenario).transcript
    }

    /// ``run(_:)`` with the full report of each request the cassette did not answer.
    public func runReportingMisses(_ scenario: Scenario) throws -> ScenarioRun {
        if let missing = scenario.missingTrack { throw ReplayError(.missingInput, missing) }
        // A geocoder `app` does not register is an invalid scenario, as before geocoders were plug-ins.
        try scenario.requireRegistered(
            scenario.file.settings.geocoder.rawValue, key: "geocoder.kind", among: app.geocoders.names.map(\.rawValue))
        // So is a provider it does not register (a typo, or the app's own provider without `app:`).
        for provider in scenario.file.settings.providers where app.providers[provider] == nil {
            try scenario.requireRegistered(
                provider.rawValue, key: "providers", among: app.providers.names.map(\.rawValue) + ["none"])
        }
        let configuration = try scenario.file.settings.configuration(app: app)
        let client = MissCollectingClient(
            base: try Self.cassetteClient(
                for: scenario, secrets: app.secrets, matching: app.matchingRules,
                recordCommand: RecordSuggestion.scenario(
                    scenario.name, app: app, recordings: scenario.location.recordingsDirectory,
                    from: workingDirectory)))
        let geocoder = try self.geocoder ?? ReplayGeocoders.make(for: configuration, client: client, app: app)
        let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: client, app: app)
        var transcript = ""
        _ = try runner.run(gpxPath: scenario.trackURL.path, displayPath: scenario.file.track) { line in
            transcript += line.text + "\n"
        }
        // The reports name the cassette from the working directory, else as the rest of the
        // report does: relative to the root.
        let location = scenario.location
        let shown =
            RecordSuggestion.relative(location.cassetteURL.path, from: workingDirectory) ?? location.cassettePath
        return ScenarioRun(
            transcript: transcript,
            misses: client.misses.map { $0.replacingOccurrences(of: location.cassetteURL.path, with: shown) })
    }

    /// The client that answers strictly from the scenario's cassette.
    static func cassetteClient(
        for scenario: Scenario, secrets: [SecretDeclaration], matching: MatchingRules? = nil,
        recordCommand: String
    ) throws(RecordingError) -> any HTTPClient {
        let location = scenario.location
        guard FileManager.default.fileExists(atPath: location.cassetteURL.path) else {
            return MissingCassetteClient(
                cassette: location.cassettePath, recordCommand: recordCommand, secrets: secrets)
        }
        var options = RecordingOptions(
            live: false, cassettePaths: [location.cassetteURL.path], environment: [:], secrets: secrets,
            recordCommand: recordCommand)
        options.matching = matching
        let session = try RecordingSession(options: options)
        return session.client
    }
}

/// Answers nothing: the scenario has no cassette. Every request fails as unrecorded, in the same
/// words as a cassette that lacks it.
struct MissingCassetteClient: HTTPClient {
    let cassette: String
    let recordCommand: String
    let secrets: [SecretDeclaration]

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let url = Redactor(declarations: secrets, environment: [:]).redact(url: request.url)
        throw .notRecorded(
            """
            no recorded interaction answers \(request.method) \(url)
              searched: \(cassette) (no such file)
              closest: none (no recorded interactions were loaded)
              to record it: \(recordCommand)
            """)
    }
}

/// Passes requests on and keeps the report of every one that was not recorded.
final class MissCollectingClient: HTTPClient, Sendable {
    let base: any HTTPClient
    private let reports = Locked<[String]>([])

    init(base: any HTTPClient) {
        self.base = base
    }

    var misses: [String] { reports.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            throw kept(error)
        }
    }

    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        do {
            return try await base.response(for: request)
        } catch {
            throw kept(error)
        }
    }

    /// `error`, after keeping its report when no recording answered.
    private func kept(_ error: HTTPClientError) -> HTTPClientError {
        if case .notRecorded(let report) = error { reports.withLock { $0.append(report) } }
        return error
    }
}
