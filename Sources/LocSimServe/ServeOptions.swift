/// How a ``CassetteServer`` listens, what it tolerates and where it reports.
public struct ServeOptions: Sendable {
    /// The address to bind: `127.0.0.1` by default; an IPv4 or IPv6 literal, or `localhost`.
    public var host: String
    /// The port; 0 picks a free one (read it back from ``CassetteServer/port``).
    public var port: Int
    public var limits: ServeLimits
    /// The environment secret values are read from (for redacting logs and miss reports).
    public var environment: [String: String]
    /// Human-readable lines: one per request unless ``jsonLog`` is set, every miss report,
    /// and cassette writes and their failures (the CLI sends these to standard error). Called
    /// on a writer thread of the server's own with a batch of newline-separated lines; it may
    /// block without holding up serving (lines beyond a 1 MiB backlog are dropped and counted).
    public var report: @Sendable (String) -> Void
    /// One JSON line per request (`--log FILE`), or `nil`; called like ``report``, on a writer
    /// of its own (backlog ``ServeLimits/maxLogBacklogBytes``).
    public var jsonLog: (@Sendable (String) -> Void)?
    /// Cassette paths as shown to people (the CLI maps absolute paths back to what was typed).
    public var displayPath: @Sendable (String) -> String
    /// How many entries `/__locsim/requests` keeps (the most recent ones).
    public var logCapacity: Int
    /// Hosts a server whose session sends requests live may forward to besides the origins of the
    /// app's endpoints (the CLI passes its `--connect-to` hosts); any other URL is answered 404
    /// and never fetched.
    public var forwardHosts: [String]

    public init(
        host: String = "127.0.0.1", port: Int = 0, limits: ServeLimits = ServeLimits(),
        environment: [String: String] = [:], report: @escaping @Sendable (String) -> Void = { _ in },
        jsonLog: (@Sendable (String) -> Void)? = nil, displayPath: @escaping @Sendable (String) -> String = { $0 },
        logCapacity: Int = 10_000, forwardHosts: [String] = []
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.environment = environment
        self.report = report
        self.jsonLog = jsonLog
        self.displayPath = displayPath
        self.logCapacity = logCapacity
        self.forwardHosts = forwardHosts
    }
}

/// Why a server could not start.
public struct ServeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
