/// Everything a ``RecordingSession`` needs to know, as the CLI or a test harness sees it.
public struct RecordingOptions: Sendable {
    /// Whether live network access is allowed (`--live`). Without it there is never a network call.
    public var live: Bool
    /// The cassette to record into (`--record FILE`), or `nil`.
    public var recordPath: String?
    /// The requested mode (`--mode`); `nil` means `.once` when recording live into a file and
    /// `.none` otherwise. ``RecordMode/effective(_:environment:)`` then forces `.none` on CI.
    public var mode: RecordMode?
    /// Cassette files to replay strictly from (`--cassette FILE`, repeatable). When non-empty,
    /// `cassettesDirectory` is not searched.
    public var cassettePaths: [String]
    /// The directory searched recursively for cassettes when no `cassettePaths` are given
    /// (`--cassettes DIR`).
    public var cassettesDirectory: String
    /// The process environment: secret values for redaction and `CI`.
    public var environment: [String: String]
    /// The secrets the run's services declare: what the redactor replaces and checks for.
    public var secrets: [SecretDeclaration]
    /// The wall clock for `recordedAt`, as an ISO-8601 string (the CLI passes LocSimLocationCore's `ISO8601Timestamp` of the wall clock, whole seconds).
    public var recordedAt: @Sendable () -> String
    /// The command printed in unmatched-request errors; `nil` builds
    /// `locsim replay <gpx> --live --record <cassette> --mode new-episodes`.
    public var recordCommand: String?
    /// Cassettes under `cassettesDirectory` left out of the pool (absolute paths): the CLI's
    /// default-pool rule keeps scenarios' cassettes to their own scenarios (docs/contract.md).
    public var excludedCassettes: Set<String> = []
    /// The cassette's new top-level `comment` (where its content came from); `nil` keeps the
    /// comment of the existing file.
    public var comment: String?
    /// The largest body read from a cassette or a live response (`--max-body-mib`; default
    /// 64 MiB). A cassette file may be twice as large, and at least 128 MiB.
    public var maxBodyBytes: Int = Cassette.defaultMaxBodyBytes
    /// Matching rules added to every cassette's own `matching` (coordinate tolerance, JSON
    /// bodies, named headers); `nil` adds none. They are not written into the cassette.
    public var matching: MatchingRules?
    /// The run's endpoints with their `--base-url` overrides: a request sent to an overridden
    /// base URL (a loopback server) is matched and stored under the provider's own URL
    /// (``Endpoints/endpoint(containing:)``), as `locsim record --base-url` stores it, so the
    /// cassette answers a replay without the flag. `nil` stores URLs as sent.
    public var endpoints: Endpoints?
    /// Whether the session takes the cassette's ``CassetteLock`` around each incremental write
    /// (``RecordingSession/writeRecorded(force:)``, waiting for it) instead of holding it from
    /// start to ``RecordingSession/finish()``: for sessions with no end, such as a test's
    /// `URLSession`, of which several may record into one cassette.
    public var locksEachWrite = false
    /// Written into every interaction this session records (`serve --record`: ``InteractionOrigin/serve``),
    /// so `cassettes status --prune` keeps them; `nil` (the replay's own recordings) writes none.
    public var origin: InteractionOrigin?

    public init(
        live: Bool = false,
        recordPath: String? = nil,
        mode: RecordMode? = nil,
        cassettePaths: [String] = [],
        cassettesDirectory: String = "Recordings",
        environment: [String: String] = [:],
        secrets: [SecretDeclaration] = [],
        recordedAt: @escaping @Sendable () -> String = { "" },
        recordCommand: String? = nil,
        comment: String? = nil
    ) {
        self.live = live
        self.recordPath = recordPath
        self.mode = mode
        self.cassettePaths = cassettePaths
        self.cassettesDirectory = cassettesDirectory
        self.environment = environment
        self.secrets = secrets
        self.recordedAt = recordedAt
        self.recordCommand = recordCommand
        self.comment = comment
    }

    /// The mode the session runs in: the requested (or default) mode, `.none` on CI.
    public var effectiveMode: RecordMode {
        RecordMode.effective(mode ?? (live && recordPath != nil ? .once : .none), environment: environment)
    }

    /// The record command shown in unmatched-request errors.
    public var resolvedRecordCommand: String {
        if let recordCommand { return recordCommand }
        let cassette = recordPath ?? (cassettePaths.count == 1 ? cassettePaths[0] : "<cassette>")
        return "locsim replay <gpx> --live --record \(cassette) --mode new-episodes"
    }
}
