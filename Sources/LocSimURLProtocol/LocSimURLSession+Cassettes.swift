public import HTTPRecording

#if canImport(FoundationNetworking)
    public import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension LocSimURLSession {
    /// One line for a test: a `URLSession` that replays the cassette at `cassette` strictly
    /// (`LOCSIM_RECORD=once|new-episodes|all` records through it; never under `CI`). Its
    /// route is freed when the session is invalidated. To write what a record mode recorded,
    /// use ``withCassette(_:mode:matching:secrets:_:)`` or ``LocSimCassetteSession/finish()``.
    public static func replaying(
        cassette: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = []
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(cassette: cassette, matching: matching, secrets: secrets).session
    }

    /// A `URLSession` replaying a scenario folder's `cassette.json`.
    public static func replaying(
        scenario: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = []
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(scenario: scenario, matching: matching, secrets: secrets).session
    }

    /// A `URLSession` replaying every cassette under `directory`.
    public static func replaying(
        cassettesIn directory: URL, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = []
    ) throws(RecordingError) -> URLSession {
        try LocSimCassetteSession(cassettesIn: directory, matching: matching, secrets: secrets).session
    }

    /// Runs `body` with a session on the cassette at `cassette`, then finishes it (writing the
    /// cassette when a record mode recorded). Scoped to the call, so parallel tests can each
    /// use their own cassette.
    public static func withCassette<T>(
        _ cassette: URL, mode: RecordMode = .none, matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [],
        _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let player = try LocSimCassetteSession(cassette: cassette, mode: mode, matching: matching, secrets: secrets)
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
