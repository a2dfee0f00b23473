public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension LocSimURLSession {
    /// One line for a test: a `URLSession` that replays the cassette at `cassette` strictly.
    ///
    /// `LOCSIM_RECORD=once|new-episodes|all swift test` records what is missing through it
    /// (never under `CI`) and writes each new interaction into the cassette at once,
    /// atomically, secrets redacted; `LOCSIM_CONNECT_TO=host=addr:port[,…]` sends a host's
    /// requests to a local stand-in while the cassette keeps the real URL. The session keeps
    /// what it needs alive until it is invalidated (which frees its route).
    public static func replaying(
        cassette: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        connectTo: [String: String] = [:]
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(cassette: cassette, matching: matching, secrets: secrets, connectTo: connectTo)
            .session
    }

    /// A `URLSession` replaying (or, under `LOCSIM_RECORD`, recording) a scenario folder's `cassette.json`.
    public static func replaying(
        scenario: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        connectTo: [String: String] = [:]
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(scenario: scenario, matching: matching, secrets: secrets, connectTo: connectTo)
            .session
    }

    /// A `URLSession` replaying every cassette under `directory`.
    public static func replaying(
        cassettesIn directory: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = []
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(cassettesIn: directory, matching: matching, secrets: secrets).session
    }

    /// Runs `body` with a session on the cassette at `cassette`, then finishes it (invalidates
    /// the session and writes what is left). Scoped to the call, so parallel tests can each use
    /// their own cassette (or share one: docs/recordings.md, "Record modes").
    public static func withCassette<T>(
        _ cassette: URL, mode: RecordMode = .none, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        connectTo: [String: String] = [:], _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let player = try LocSimCassetteSession(
            cassette: cassette, mode: mode, matching: matching, secrets: secrets, connectTo: connectTo)
        let result: T
        do {
            result = try await body(player.session)
        } catch {
            _ = try? player.finish()
            throw error
        }
        try player.finish()
        return result
    }
}
