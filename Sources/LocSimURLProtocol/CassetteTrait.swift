#if compiler(>=6.1) && canImport(Testing)
    public import Foundation
    public import LocSimHTTPRecording
    @_weakLinked public import Testing

    /// A Swift Testing trait that scopes a cassette to one test and hands the test its session,
    /// `URLSession.cassette` (a task-local value):
    ///
    /// ```swift
    /// @Test(.cassette("nws-franklin.json")) func franklin() async throws {
    ///     let alerts = try await NWSAlertsClient(session: .cassette).activeAlerts(latitude: 29.79, longitude: -91.5)
    /// }
    /// ```
    ///
    /// The one-liner's behaviour, per test case: replays strictly, `LOCSIM_RECORD` records
    /// (never under `CI`), `LOCSIM_CONNECT_TO` sends hosts to stand-ins, secrets are redacted
    /// and a leak refused. Each test, and each case of a parameterized test, gets a session of
    /// its own (its own URLProtocol class), so tests run in parallel; the session is finished
    /// when the test ends. A missing cassette in replay mode fails the test with an error
    /// naming the file and the command that records it. On a suite (`@Suite(.cassette(…))`) it
    /// applies to every test in it, each with a session of its own on that cassette.
    public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
        /// The cassette file.
        public var cassette: URL
        /// The mode when `LOCSIM_RECORD` is not set (default `.none`: replay only).
        public var mode: RecordMode
        /// Rules added to the cassette's own `matching` (position rules, tolerance…).
        public var matching: MatchingRules?
        /// What the redactor replaces with placeholders and refuses to write.
        public var secrets: [SecretDeclaration]
        /// Host → `address:port` of a stand-in while recording (`LOCSIM_CONNECT_TO` adds to it).
        public var connectTo: [String: String]
        /// The environment the session reads (`LOCSIM_RECORD`, `CI`, secret values); `nil`:
        /// the process's when the test starts.
        var environment: [String: String]?

        /// On a suite, each of its tests (and theirs, in nested suites) gets the cassette.
        public var isRecursive: Bool { true }

        init(
            cassette: URL, mode: RecordMode, matching: MatchingRules?, secrets: [SecretDeclaration],
            connectTo: [String: String], environment: [String: String]? = nil
        ) {
            self.cassette = cassette
            self.mode = mode
            self.matching = matching
            self.secrets = secrets
            self.connectTo = connectTo
            self.environment = environment
        }

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let player: LocSimCassetteSession
            do throws(RecordingError) {
                player = try LocSimCassetteSession(
                    cassette: cassette, mode: mode, matching: matching, secrets: secrets, connectTo: connectTo,
                    environment: environment ?? ProcessInfo.processInfo.environment)
            } catch {
                throw Self.explained(error, test: test.name)
            }
            do {
                try await CassetteScope.$current.withValue(player) { try await function() }
            } catch {
                _ = try? player.finish()
                throw error
            }
            try player.finish()
        }

        /// `error`, for a missing cassette with the test `name` (`franklin()`) and the command
        /// that records it.
        static func explained(_ error: RecordingError, test name: String) -> RecordingError {
            guard case .cassette(let problem) = error, problem.kind == .missing else { return error }
            let filter = String(name.prefix { $0 != "(" })
            return .cassette(
                CassetteError(
                    kind: .missing, path: problem.path,
                    reason: "no such cassette file for test \(name) (.cassette trait); record it: "
                        + "\(LocSimCassetteSession.modeVariable)=once swift test --filter \(filter) (never under CI)"))
        }
    }

    extension Trait where Self == CassetteTrait {
        /// The cassette `name` in the `directory` folder beside the test's source file (default
        /// `Cassettes`, as `Tests/MyTests/Cassettes/nws.json`; add `exclude: ["Cassettes"]` to the
        /// test target); an absolute `name` or `directory` is used as it is. The other parameters are the
        /// one-liner's (`LocSimURLSession.replaying(cassette:matching:secrets:connectTo:)`).
        public static func cassette(
            _ name: String, in directory: String = "Cassettes", mode: RecordMode = .none,
            matching: MatchingRules? = nil, secrets: [SecretDeclaration] = [], connectTo: [String: String] = [:],
            filePath: String = #filePath
        ) -> Self {
            let folder =
                directory.hasPrefix("/")
                ? URL(fileURLWithPath: directory)
                : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(directory)
            let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
            return CassetteTrait(cassette: url, mode: mode, matching: matching, secrets: secrets, connectTo: connectTo)
        }

        /// The cassette file at `url`.
        public static func cassette(
            at url: URL, mode: RecordMode = .none, matching: MatchingRules? = nil,
            secrets: [SecretDeclaration] = [], connectTo: [String: String] = [:]
        ) -> Self {
            CassetteTrait(cassette: url, mode: mode, matching: matching, secrets: secrets, connectTo: connectTo)
        }
    }
#endif
