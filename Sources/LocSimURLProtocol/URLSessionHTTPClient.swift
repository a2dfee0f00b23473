import Dispatch
import HTTPRecording

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

    init(timeout: Double = 30) {
        self.timeout = timeout
        session = URLSession(
            configuration: .ephemeralUncached(timeout: timeout), delegate: RedirectRefuser(), delegateQueue: nil)
    }

    /// Ends the session.
    func invalidate() {
        session.invalidateAndCancel()
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw .refused("not a valid absolute URL: \(request.url)") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome = (data, response, error)
            done.signal()
        }
        task.resume()
        done.wait()
        if let error = outcome.2 {
            let host = url.host ?? request.url
            if (error as? URLError)?.code == .timedOut { throw .timedOut("\(host): no response within \(timeout) s") }
            throw .unreachable("\(host): \(error.localizedDescription)")
        }
        guard let http = outcome.1 as? HTTPURLResponse else {
            throw .unreachable("\(request.url): not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: Array(outcome.0 ?? Data()))
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
