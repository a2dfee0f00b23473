import LocSimSupport

/// An HTTP client that is made on its first request.
///
/// `locsim replay` can always go live (`--live`, `--record`), yet most runs are offline. Making
/// the live client up front would set up its engine (a `URLSession` on Apple platforms) in
/// every run; wrapped in this, only a run that sends a request live pays for it. (On Linux
/// libcurl and its TLS libraries, several MiB, are loaded by the first exchange in any case.)
public final class DeferredHTTPClient: HTTPClient {
    private let make: @Sendable () -> any HTTPClient
    private let made = Locked<(any HTTPClient)?>(nil)

    /// `make` is called once, by the first ``send(_:)`` or ``response(for:)``.
    public init(_ make: @escaping @Sendable () -> any HTTPClient) {
        self.make = make
    }

    /// Whether the client has been made (a request was sent).
    public var isMade: Bool { made.withLock { $0 != nil } }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try client().send(request)
    }

    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await client().response(for: request)
    }

    /// The client, made now if this is the first request.
    private func client() -> any HTTPClient {
        made.withLock { made in
            if let made { return made }
            let client = make()
            made = client
            return client
        }
    }
}
