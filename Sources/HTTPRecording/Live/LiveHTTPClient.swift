import CanonicalJSON
import Dispatch

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The real network: one request at a time over a `URLSession` built from an injected
/// configuration (never `URLSession.shared`), blocking the caller until the response arrives.
///
/// Transport failures become ``HTTPClientError/unreachable(_:)`` (`"host: connection refused"`)
/// or ``HTTPClientError/timedOut(_:)``; messages name the host only, never the URL (which may
/// hold secrets). Bodies arrive decoded (URLSession/libcurl undo gzip), so `Content-Encoding`
/// and `Content-Length`, which describe the wire form, are dropped from the returned headers.
/// Redirects are followed by URLSession; the response is the final one.
public final class LiveHTTPClient: HTTPClient {
    private let session: URLSession
    /// Seconds to wait for a response before ``HTTPClientError/timedOut(_:)``.
    public let timeout: Double
    /// Sent as `User-Agent` when a request has none (providers that need a contact string set
    /// their own).
    public let userAgent: String

    /// A client over a session made from `configuration` (default: a fresh ephemeral one, no
    /// cookies, no cache) with `timeout` seconds per request.
    public init(configuration: URLSessionConfiguration = .ephemeral, timeout: Double = 30, userAgent: String = "locsim")
    {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
        self.userAgent = userAgent
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let host = URLParts(request.url).host
        guard let url = URL(string: request.url), url.scheme != nil else {
            throw .unreachable("\(host.isEmpty ? "(no host)" : host): not a valid absolute URL")
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if request.header("User-Agent") == nil { urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }

        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        done.wait()

        let (data, response, error) = outcome.get()
        if let error { throw LiveHTTPClient.classify(error, host: host, timeout: timeout) }
        guard let http = response as? HTTPURLResponse else { throw .unreachable("\(host): the response was not HTTP") }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            guard let name = key as? String, !["content-encoding", "content-length"].contains(name.lowercased()) else {
                continue
            }
            headers[name] = value as? String ?? "\(value)"
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data.map { Array($0) } ?? [])
    }

    /// Maps a URLSession error to a message naming the host and the cause, never the URL.
    static func classify(_ error: any Error, host: String, timeout: Double) -> HTTPClientError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
        let cause: String
        switch code {
        case .timedOut: return .timedOut("\(host): no response within \(formatFixed(timeout, decimals: 1)) s")
        case .cannotConnectToHost: cause = "connection refused"
        case .cannotFindHost, .dnsLookupFailed: cause = "host not found"
        case .networkConnectionLost: cause = "connection lost"
        case .notConnectedToInternet: cause = "not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            cause = "TLS failure"
        case .badServerResponse: cause = "bad server response"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: cause = "redirect failure"
        case .cancelled: cause = "cancelled"
        default: cause = "transport error \(code.rawValue)"
        }
        return .unreachable("\(host): \(cause)")
    }
}

/// The completion handler's result, handed from URLSession's queue to the waiting caller.
private final class Outcome: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
