import LocSimCanonicalJSON
import LocSimHTTPRecording

/// How a ``LiveHTTPClient`` moves bytes: one engine per platform.
protocol LiveTransport: Sendable {
    /// Performs `request` within `timeout` seconds overall, refusing bodies beyond `maxBodyBytes`.
    func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> LiveOutcome
    /// The same exchange, suspending its caller instead of blocking a thread.
    func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) async -> LiveOutcome
}

/// What one exchange produced.
enum LiveOutcome: Sendable {
    case response(HTTPResponse)
    case failure(LiveFailure)
}

/// Why an exchange produced no response, independent of the engine.
enum LiveFailure: Sendable, Hashable {
    case timedOut
    case refused
    case hostNotFound
    case tls
    case tooLarge
    case closedWithoutResponse
    case connectionLost
    case badResponse
    /// A redirect that could not be followed (Apple platforms: to a location that does not exist).
    case redirects
    /// Redirects past the limit (`limit` when the engine knows it), a loop most likely.
    case tooManyRedirects(limit: Int?)
    case notConnected
    case cancelled
    /// The engine could not run (libcurl missing); the text says why.
    case unavailable(String)
    /// Anything else, in the engine's words.
    case other(String)

    /// The client error, naming the host and the cause, never the URL.
    func error(host: String, timeout: Double, maxBodyBytes: Int) -> HTTPClientError {
        let cause: String
        switch self {
        case .timedOut:
            return .timedOut("\(host): no complete response within \(formatFixed(timeout, decimals: 1)) s")
        case .refused: cause = "connection refused"
        case .hostNotFound: cause = "host not found"
        case .tls: cause = "TLS failure"
        case .tooLarge: cause = "response body larger than the \(describeByteCount(maxBodyBytes)) cap"
        case .closedWithoutResponse: cause = "the server closed the connection without a response"
        case .connectionLost: cause = "connection lost"
        case .badResponse: cause = "bad server response"
        case .redirects: cause = "redirect failure"
        case .tooManyRedirects(let limit): cause = limit.map { "more than \($0) redirects" } ?? "too many redirects"
        case .notConnected: cause = "not connected to the internet"
        case .cancelled: cause = "cancelled"
        case .unavailable(let text): cause = text
        case .other(let text): cause = text
        }
        return .unreachable("\(host): \(cause)")
    }

}
