public import Foundation
import LocSimSupport

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `URLSession` that replays (or, in a record mode, records) a locsim cassette: the same file
/// format, matching, redaction, leak refusal and miss report as `locsim replay`.
///
/// ```swift
/// let cassette = try LocSimCassetteSession(cassette: url)          // replay only
/// let (data, _) = try await cassette.session.data(from: alertsURL)
/// try cassette.finish()                                           // ends the session
/// ```
///
/// In a record mode each new interaction is written into the cassette as soon as it is
/// recorded (atomically, merged with what the file holds now), so nothing depends on
/// ``finish()``, a deinit or the process exiting cleanly. What the returned ``session`` needs
/// (the recorder and its live `URLSession`) stays alive with it until it is invalidated.
///
/// Each instance routes its own URLProtocol class, so tests running in parallel use different
/// cassettes without global registration; ``registerGlobally()`` adds it to `URLSession.shared`
/// (and every session made with a default configuration) for code that cannot take a session.
/// A request no recording answers fails with a `URLError` (`.resourceUnavailable`,
/// `LocSimFailureCode` `not_recorded`) whose message is the ``UnmatchedRequestReport``; the same
/// text goes to stderr.
///
/// `@unchecked Sendable` without a lock of its own: every stored property is set in `init` and
/// never written again; `URLSession` and its configuration may be used from any thread, and the
/// recording session locks its own state.
public final class LocSimCassetteSession: @unchecked Sendable {
    /// The environment variable that overrides the mode of every cassette session:
    /// `LOCSIM_RECORD=new-episodes swift test` records what is missing (never under `CI`).
    public static let modeVariable = "LOCSIM_RECORD"
    /// The environment variable naming stand-ins to record against while the cassette keeps the
    /// real URL: `LOCSIM_CONNECT_TO=api.weather.gov=127.0.0.1:8765[,host=addr:port…]`.
    public static let connectToVariable = ConnectToClient.environmentVariable

    /// The session answered from the cassette. Invalidating it frees its route (until then
    /// the route, and the cassette in memory, stay, even once this object is gone).
    public let session: URLSession
    /// A configuration answered the same way, for code that builds its own session.
    public let configuration: URLSessionConfiguration
    /// The mode the session runs in (after `LOCSIM_RECORD` and `CI`).
    public let mode: RecordMode

    private let recording: RecordingSession
    private let route: LocSimURLSession.Route
    private let globalClass: AnyClass

    /// A session for the cassette file at `cassette`.
    ///
    /// - Parameters:
    ///   - mode: `.none` (default) replays strictly and needs the file; `.once`, `.newEpisodes`,
    ///     `.all` call the network through a real `URLSession` for what they record. `CI` set
    ///     forces `.none`; `LOCSIM_RECORD` in `environment` overrides `mode`.
    ///   - matching: rules added to the cassette's own `matching` (``MatchingRules``).
    ///   - secrets: what the redactor replaces with placeholders and refuses to write.
    ///   - connectTo: host → `address:port` of a stand-in that answers that host's requests over
    ///     plain http while recording; the cassette stores the real URL. `LOCSIM_CONNECT_TO` in
    ///     `environment` adds to (and overrides) these.
    ///   - environment: secret values, `CI`, `LOCSIM_RECORD` and `LOCSIM_CONNECT_TO` (default:
    ///     the process's).
    ///   - reportsMisses: whether a miss also prints its report on stderr.
    /// - Throws: ``RecordingError`` for a broken cassette (file:line:column, the file untouched),
    ///   a newer format version, a missing file in `.none`, or a `LOCSIM_RECORD` or
    ///   `LOCSIM_CONNECT_TO` that is not one of their spellings (empty included; the message
    ///   names the variable, the value and what is accepted), also under `CI`.
    public convenience init(
        cassette: URL, mode: RecordMode = .none, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        connectTo: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
        reportsMisses: Bool = true
    ) throws(RecordingError) {
        let requested = try RecordMode.named(by: Self.modeVariable, in: environment) ?? mode
        let effective = RecordMode.effective(requested, environment: environment)
        if effective == .none, !FileManager.default.fileExists(atPath: cassette.path) {
            throw .cassette(
                CassetteError(
                    kind: .missing, path: cassette.path,
                    reason: "no such cassette file (record it with \(Self.modeVariable)=once, never under CI)"))
        }
        var options = RecordingOptions(
            live: effective != .none, recordPath: cassette.path, mode: requested, environment: environment,
            secrets: secrets,
            recordedAt: { [environment] in ISO8601Timestamp.recordedAt(environment: environment) },
            recordCommand: Self.recordCommand(cassette: cassette))
        options.matching = matching
        // The app's own code recorded it: `cassettes status --prune` keeps it.
        options.origin = .urlSession
        // No end to wait for: each new interaction is written at once, under the cassette's lock.
        options.locksEachWrite = true
        var routes = Dictionary(connectTo.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        if let list = environment[Self.connectToVariable] {
            routes.merge(try ConnectToClient.routes(list: list, source: Self.connectToVariable)) { _, new in new }
        }
        try self.init(options: options, connectTo: routes, reportsMisses: reportsMisses)
    }

    /// What a miss report says to record: `LOCSIM_RECORD=new-episodes swift test`, after importing
    /// a HAR into a cassette first (a HAR is replayed, never recorded into).
    static func recordCommand(cassette: URL) -> String {
        guard HARReader.isHARPath(cassette.path) else {
            return "\(modeVariable)=new-episodes swift test (records into \(cassette.path); never under CI)"
        }
        let json = cassette.deletingPathExtension().appendingPathExtension("json").path
        return "locsim cassettes import \(ShellQuote.quote(cassette.path)) -o \(ShellQuote.quote(json)), replay that "
            + "cassette instead of the HAR, then \(modeVariable)=new-episodes swift test (a HAR is never recorded "
            + "into; never under CI)"
    }

    /// A session for a scenario folder (`Recordings/<name>/`, or its `scenario.json`): its `cassette.json`.
    public convenience init(
        scenario: URL, mode: RecordMode = .none, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        connectTo: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
        reportsMisses: Bool = true
    ) throws(RecordingError) {
        let folder = scenario.pathExtension == "json" ? scenario.deletingLastPathComponent() : scenario
        try self.init(
            cassette: folder.appendingPathComponent("cassette.json"), mode: mode, matching: matching, secrets: secrets,
            connectTo: connectTo, environment: environment, reportsMisses: reportsMisses)
    }

    /// A replay-only session answered by every cassette under `directory` (recursively, as
    /// `locsim replay --cassettes DIR`).
    public convenience init(
        cassettesIn directory: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment, reportsMisses: Bool = true
    ) throws(RecordingError) {
        var options = RecordingOptions(
            cassettesDirectory: directory.path, environment: environment, secrets: secrets,
            recordCommand: "record into one cassette: LocSimCassetteSession(cassette:mode:)")
        options.matching = matching
        try self.init(options: options, reportsMisses: reportsMisses)
    }

    /// A session for any ``RecordingOptions``: what `locsim replay` would build from the same
    /// options, with a real `URLSession` as the live transport (sent to `connectTo`'s stand-ins
    /// for their hosts).
    public init(
        options: RecordingOptions, connectTo: [String: String] = [:], reportsMisses: Bool = true
    ) throws(RecordingError) {
        let live = options.live ? URLSessionHTTPClient() : nil
        let transport: (any HTTPClient)? = live.map { live -> any HTTPClient in
            connectTo.isEmpty ? live : ConnectToClient(base: live, routes: connectTo)
        }
        let recording = try RecordingSession(options: options, liveTransport: transport)
        self.recording = recording
        self.mode = recording.mode
        let writing: any HTTPClient =
            recording.mode == .none ? recording.client : WritingClient(base: recording.client, recording: recording)
        let client: any HTTPClient = reportsMisses ? MissReportingClient(base: writing) : writing
        // The route table holds `client` (the recorder, and through it the live URLSession)
        // until `session` is invalidated: dropping this object never cuts the session off.
        let (configuration, route) = LocSimURLSession.configuration(
            answering: client, base: .ephemeral, blocks: live != nil)
        self.configuration = configuration
        self.route = route
        self.globalClass = protocolClass(forRoute: route.index)
        session = URLSession(
            configuration: configuration, delegate: RouteReleaser(route: route, live: live), delegateQueue: nil)
    }

    /// Registers this session's URLProtocol class for the whole process
    /// (`URLProtocol.registerClass`), one cassette at a time: tests using it must not run in
    /// parallel with each other. What that reaches:
    ///
    /// - Apple platforms: `URLSession.shared` (Apple's loading system consults registered
    ///   classes for it). A session with a configuration of its own (`.default`, `.ephemeral`)
    ///   lists its protocol classes and is reached only if they include this one.
    /// - Linux: no session. swift-corelibs-foundation asks a session's own `protocolClasses`
    ///   first, and `.default`, `.ephemeral` and `URLSession.shared` (fixed when first used)
    ///   all list its HTTP protocol first; a registered class is asked only when no listed one
    ///   takes the request. The first call prints one warning on stderr saying so.
    ///
    /// A request it does not reach goes to the network, even in replay mode. Pass ``session``
    /// or ``configuration`` to the code under test, or run `locsim serve` and point its base URL
    /// there.
    public func registerGlobally() {
        _ = URLProtocol.registerClass(globalClass)
        #if canImport(FoundationNetworking)
            Self.globalRegistrationWarning.warnOnce()
        #endif
    }

    /// What ``registerGlobally()`` prints on Linux, once per process.
    static let globalRegistrationWarning = OnceWarning(
        "locsim: warning: registerGlobally() intercepts no URLSession on Linux (swift-corelibs-foundation answers "
            + "http and https with its own protocol first in URLSession.shared and in every .default or .ephemeral "
            + "configuration), so their requests go to the network, even when replaying. Inject the cassette's "
            + "session into your client (LocSimURLSession.replaying(cassette:), or LocSimCassetteSession's session "
            + "or configuration), or run `locsim serve` and point the client's base URL at it.")

    /// Undoes ``registerGlobally()``.
    public func unregisterGlobally() {
        URLProtocol.unregisterClass(globalClass)
    }

    /// Ends the session: unregisters it, lets running tasks finish (then frees its route), and
    /// writes anything recorded but not yet written (nothing recorded changes nothing, in `.all`
    /// too). Atomic; refused, the old file unchanged, if a secret survived.
    @discardableResult
    public func finish() throws(RecordingError) -> RecordingSummary {
        unregisterGlobally()
        session.finishTasksAndInvalidate()
        try recording.writeRecorded()
        return RecordingSummary(
            replayed: recording.replayedCount, recorded: recording.recordedCount,
            written: recording.wroteRecorded ? recording.cassettePath : nil)
    }
}

/// Frees a session's route, and ends its live transport, when the session is invalidated.
private final class RouteReleaser: NSObject, URLSessionDelegate, Sendable {
    let route: LocSimURLSession.Route
    let live: URLSessionHTTPClient?

    init(route: LocSimURLSession.Route, live: URLSessionHTTPClient?) {
        self.route = route
        self.live = live
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        LocSimURLSession.release(route)
        live?.invalidate()
    }
}

/// Writes each interaction the recorder adds into the cassette before its response is handed
/// back; a failed write fails the request (naming the cassette) and the next one tries again.
private struct WritingClient: HTTPClient {
    let base: any HTTPClient
    let recording: RecordingSession

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try written(base.send(request))
    }

    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try written(await base.response(for: request))
    }

    /// `response`, once what was recorded is in the cassette.
    private func written(_ response: HTTPResponse) throws(HTTPClientError) -> HTTPResponse {
        do {
            try recording.writeRecorded()
        } catch {
            throw .refused("locsim: the response was recorded but not written: \(error)")
        }
        return response
    }
}

/// Prints the report of a request no recording answers on stderr, then fails it as before.
private struct MissReportingClient: HTTPClient {
    let base: any HTTPClient

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            throw reported(error)
        }
    }

    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        do {
            return try await base.response(for: request)
        } catch {
            throw reported(error)
        }
    }

    /// `error`, after printing its report when no recording answered.
    private func reported(_ error: HTTPClientError) -> HTTPClientError {
        if case .notRecorded(let message) = error {
            FileHandle.standardError.write(
                Data(("locsim: error: " + TerminalEscaping.escape(message, keepingNewlines: true) + "\n").utf8))
        }
        return error
    }
}
