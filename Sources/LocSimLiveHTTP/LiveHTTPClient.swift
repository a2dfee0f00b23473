import LocSimCanonicalJSON
public import LocSimHTTPRecording
import LocSimSupport

/// The real network: ``send(_:)`` blocks its caller until the response is complete;
/// ``response(for:)`` suspends instead, so concurrent awaits overlap.
///
/// The engine differs by platform, deliberately (docs/http.md): on Linux libcurl's easy
/// interface (``CurlTransport``), which waits in `poll(2)` without using CPU and enforces an
/// overall deadline; on Apple platforms `URLSession` (``URLSessionTransport``).
///
/// ``timeout`` is a deadline for the whole exchange — connecting, the headers and the entire
/// body — not an idle timer: a server that drips one byte a second still fails at the deadline,
/// with ``HTTPClientError/timedOut(_:)`` (event code `timed_out`). A body larger than
/// ``maxBodyBytes`` (decoded) is refused with ``HTTPClientError/unreachable(_:)`` as soon as it
/// grows past the cap, so memory stays bounded. Other transport failures become
/// ``HTTPClientError/unreachable(_:)`` (`"host: connection refused"`); messages name the host
/// only, never the URL (which may hold secrets). Bodies arrive decoded (gzip undone), so
/// `Content-Encoding`, `Content-Length` and `Transfer-Encoding`, which describe the wire form,
/// are dropped from the returned headers.
///
/// Redirects are followed only within the request's origin (scheme, host and port; a redirect
/// from `/points/…` to `/points/…` on the same host is followed, and the response is the final
/// one), so a request's headers — a key, a contact `User-Agent` — never reach a host the request
/// did not name: a redirect to another origin is the response, 3xx and `Location` as they came,
/// and nothing is sent there. On Linux at most 10 are followed (then
/// `unreachable("host: more than 10 redirects")`), a 303 turns anything but `HEAD` into `GET`
/// and a 301 or 302 a `POST` (the body dropped), a 307 or 308 keeps method and body
/// (``SameOriginRedirects``); on Apple platforms `URLSession` follows with its own rules. The
/// deadline covers every hop. With ``followsRedirects`` `false` (`locsim serve --record`, a
/// proxy: the app follows the 3xx itself) no redirect is followed, not even within the origin.
public final class LiveHTTPClient: HTTPClient {
    /// The default deadline per request (`--http-timeout`).
    public static let defaultTimeout = Duration.seconds(30)
    /// The default cap on a response body: 64 MiB.
    public static let defaultMaxBodyBytes = 64 << 20

    /// The overall deadline per request.
    public let timeout: Duration
    /// The largest decoded response body accepted, in bytes.
    public let maxBodyBytes: Int
    /// Sent as `User-Agent` when a request has none (providers that need a contact string set
    /// their own).
    public let userAgent: String
    /// Whether a same-origin redirect is followed (the response is the final one) or is the
    /// response; a redirect to another origin is never followed.
    public let followsRedirects: Bool
    private let transport: any LiveTransport

    /// A client with a `timeout` deadline per request (`.seconds(5)`) and a `maxBodyBytes` body
    /// cap, following same-origin redirects unless `followsRedirects` is `false`.
    public init(
        timeout: Duration = LiveHTTPClient.defaultTimeout, userAgent: String = "locsim",
        maxBodyBytes: Int = LiveHTTPClient.defaultMaxBodyBytes, followsRedirects: Bool = true
    ) {
        self.timeout = timeout
        self.userAgent = userAgent
        self.maxBodyBytes = maxBodyBytes
        self.followsRedirects = followsRedirects
        #if os(Linux)
            self.transport = CurlTransport(followsRedirects: followsRedirects)
        #else
            self.transport = URLSessionTransport(timeout: timeout.inSeconds, followsRedirects: followsRedirects)
        #endif
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let (request, host) = try prepared(request)
        return try finished(
            transport.exchange(request, timeout: timeout.inSeconds, maxBodyBytes: maxBodyBytes), host: host)
    }

    /// The same exchange as ``send(_:)``; the caller is suspended, not blocked, while it runs
    /// (URLSession's own callbacks on Apple platforms, a thread outside the cooperative pool for
    /// libcurl), so concurrent calls overlap.
    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let (request, host) = try prepared(request)
        return try finished(
            await transport.exchange(request, timeout: timeout.inSeconds, maxBodyBytes: maxBodyBytes), host: host)
    }

    /// `request` with a `User-Agent`, and its host as messages name it; throws for a URL that
    /// is not absolute `http(s)`.
    private func prepared(_ request: HTTPRequest) throws(HTTPClientError) -> (HTTPRequest, host: String) {
        let host = URLParts(request.url).host
        let named = host.isEmpty ? "(no host)" : host
        guard Self.isAbsoluteHTTPURL(request.url) else { throw .unreachable("\(named): not a valid absolute URL") }
        var request = request
        if request.header("User-Agent") == nil { request.headers["User-Agent"] = userAgent }
        return (request, named)
    }

    /// The response without the wire-form headers, or the error for a failed exchange.
    private func finished(_ outcome: LiveOutcome, host: String) throws(HTTPClientError) -> HTTPResponse {
        switch outcome {
        case .response(var response):
            response.headers = response.headers.filter {
                !["content-encoding", "content-length", "transfer-encoding"].contains($0.key.lowercased())
            }
            return response
        case .failure(let failure):
            throw failure.error(host: host, timeout: timeout.inSeconds, maxBodyBytes: maxBodyBytes)
        }
    }

    /// `http://…` or `https://…` with a host.
    static func isAbsoluteHTTPURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        return !URLParts(url).host.isEmpty
    }
}
