import Dispatch
import LocSimSupport

#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// The live transport of a recording ``LocSimCassetteSession``: a real ephemeral `URLSession`
/// (no cache, no cookies) that does not follow redirects, so each hop of a redirect is recorded
/// as its own interaction (3xx with `Location`) and replays the same way. URLSession decodes
/// `gzip`/`deflate` bodies; the cassette stores them decoded.
///
/// `@unchecked Sendable` without a lock: both stored properties are set in `init` and never
/// written again, and `URLSession` may be used from any thread.
final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
    private let timeout: Double
    private let session: URLSession
    /// Set by ``invalidate()``: later requests are refused as a released client's.
    private let invalidated = Locked(false)

    init(timeout: Double = 30) {
        self.timeout = timeout
        session = URLSession(
            configuration: .ephemeralUncached(timeout: timeout), delegate: RedirectRefuser(), delegateQueue: nil)
    }

    /// Ends the session.
    func invalidate() {
        invalidated.withLock { $0 = true }
        session.invalidateAndCancel()
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let urlRequest = try prepared(request)
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<HTTPResponse, HTTPClientError>>(.failure(.unreachable("no response")))
        let task = start(urlRequest, for: request) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        LiveCancellation.current?.register(task)
        done.wait()
        return try outcome.withLock { $0 }.get()
    }

    /// The same exchange as ``send(_:)``, suspending the caller instead of blocking a thread: the
    /// data task's completion handler resumes it. Cancelling the caller's task cancels the data
    /// task (``HTTPClientError/unreachable(_:)``, "cancelled").
    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let urlRequest = try prepared(request)
        let running = Locked<URLSessionDataTask?>(nil)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                running.withLock { task in
                    task = start(urlRequest, for: request) { continuation.resume(returning: $0) }
                    if Task.isCancelled { task?.cancel() }
                }
            }
        } onCancel: {
            running.withLock { $0?.cancel() }
        }
        return try result.get()
    }

    /// `request` as a `URLRequest` with the client's timeout.
    private func prepared(_ request: HTTPRequest) throws(HTTPClientError) -> URLRequest {
        guard !invalidated.withLock({ $0 }) else {
            throw .refused("locsim: this session's HTTP client was released (the cassette session was finished)")
        }
        guard let urlRequest = request.urlRequest(timeout: timeout) else {
            throw .refused("not a valid absolute URL: \(request.url)")
        }
        return urlRequest
    }

    /// Starts a data task for `urlRequest` and returns it; `finish` gets its response or error, once.
    @discardableResult
    private func start(
        _ urlRequest: URLRequest, for request: HTTPRequest,
        then finish: @escaping @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> URLSessionDataTask {
        let timeout = timeout
        let task = session.dataTask(with: urlRequest) { data, response, error in
            finish(Self.result(data, response, error, url: urlRequest.url, request: request, timeout: timeout))
        }
        task.resume()
        return task
    }

    /// A finished data task's response, or the client error for its failure.
    private static func result(
        _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, url: URL?, request: HTTPRequest,
        timeout: Double
    ) -> Result<HTTPResponse, HTTPClientError> {
        if let error {
            let host = url?.host ?? request.url
            if (error as? URLError)?.code == .timedOut {
                return .failure(.timedOut("\(host): no response within \(timeout) s"))
            }
            #if canImport(FoundationNetworking)
                // swift-corelibs-foundation refuses a URL whose host is an IPv6 literal
                // (`http://[::1]:8765/`) as a bad URL: say so, not "error -1000".
                if (error as? URLError)?.code == .badURL, host.contains(":") {
                    return .failure(
                        .unreachable(
                            "[\(host)]: URLSession on Linux (swift-corelibs-foundation) cannot send a request to an "
                                + "IPv6 address; give the stand-in an IPv4 address (LOCSIM_CONNECT_TO=host=127.0.0.1:PORT)"
                        ))
                }
            #endif
            return .failure(.unreachable("\(host): \(error.localizedDescription)"))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.unreachable("\(request.url): not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: Array(data ?? Data())))
    }
}

/// Hands every redirect back to the caller as the 3xx response it is.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
