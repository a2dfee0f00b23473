import LocSimSupport

/// The bounds a server keeps whatever its clients send: what a slow, huge or hostile request
/// costs is capped, and the answer is a 4xx status, never a crash.
public struct ServeLimits: Sendable, Hashable {
    /// The largest request head (request line and header fields) in bytes; beyond it, 431.
    public var maxHeaderBytes: Int
    /// The largest request body in bytes, `Content-Length` or chunked; beyond it, 413.
    public var maxBodyBytes: Int
    /// The request bodies being received at once, in bytes across all connections (a declared
    /// `Content-Length` counts in full from the head); a request that would pass it gets 503.
    public var maxPendingBodyBytes: Int
    /// Bytes of entries `/__locsim/requests` keeps (with ``ServeOptions/logCapacity`` entries at most).
    public var maxRequestLogBytes: Int
    /// Bytes of `--log` lines that may wait for the file before lines are dropped (and counted).
    public var maxLogBacklogBytes: Int
    /// Connections served at once; one more is answered 503 and closed.
    public var maxConnections: Int
    /// How long a kept-alive connection may sit between requests before it is closed.
    public var idleTimeout: Duration
    /// How long a request may take to arrive in full from its first byte (slowloris); then 408.
    public var requestTimeout: Duration

    public init(
        maxHeaderBytes: Int = 32 << 10, maxBodyBytes: Int = 16 << 20, maxConnections: Int = 256,
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(10),
        maxPendingBodyBytes: Int = 64 << 20,
        maxRequestLogBytes: Int = 16 << 20, maxLogBacklogBytes: Int = 64 << 20
    ) {
        self.maxPendingBodyBytes = maxPendingBodyBytes
        self.maxRequestLogBytes = maxRequestLogBytes
        self.maxLogBacklogBytes = maxLogBacklogBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
    }

    /// ``idleTimeout`` in microseconds, the engines' clock unit (``MonotonicTime``).
    var idleMicroseconds: Int { Int(idleTimeout.inSeconds * 1_000_000) }
    /// ``requestTimeout`` in microseconds.
    var requestMicroseconds: Int { Int(requestTimeout.inSeconds * 1_000_000) }
}
