#if !os(Linux)
    import Dispatch
    import Foundation

    /// The Apple-platform engine: an ephemeral `URLSession` (no cookies, no cache) whose request
    /// and resource timeouts are both the deadline, with the body capped as it arrives.
    final class URLSessionTransport: NSObject, LiveTransport, URLSessionDataDelegate, @unchecked Sendable {
        // Set once in `init`, after `super.init()` (the session's delegate is `self`).
        private var session: URLSession?
        // Guarded by `lock`: the state of the one exchange in flight.
        private let lock = NSLock()
        private var body: [UInt8] = []
        private var limit = 0
        private var tooLarge = false

        init(timeout: Double) {
            super.init()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        }

        deinit {
            session?.invalidateAndCancel()
        }

        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> LiveOutcome {
            guard let session, let url = URL(string: request.url) else {
                return .failure(.other("not a valid absolute URL"))
            }
            var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
            lock.withLock {
                body = []
                limit = maxBodyBytes
                tooLarge = false
            }
            let done = DispatchSemaphore(value: 0)
            let result = Result()
            let task = session.dataTask(with: urlRequest)
            result.task = task.taskIdentifier
            completions.withLock { $0[task.taskIdentifier] = (result, done) }
            task.resume()
            done.wait()
            let (received, overflowed) = lock.withLock { (body, tooLarge) }
            if overflowed { return .failure(.tooLarge) }
            if let error = result.error { return .failure(Self.classify(error)) }
            guard let http = result.response as? HTTPURLResponse else { return .failure(.badResponse) }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                headers[name] = value as? String ?? "\(value)"
            }
            return .response(HTTPResponse(status: http.statusCode, headers: headers, body: received))
        }

        private let completions = NSLockedTable()

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            completions.withLock { $0[dataTask.taskIdentifier]?.0.response = response }
            let expected = response.expectedContentLength
            let refuse = lock.withLock { () -> Bool in
                if expected > Int64(limit) { tooLarge = true }
                return tooLarge
            }
            completionHandler(refuse ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overflow = lock.withLock {
                guard !tooLarge else { return true }
                guard data.count <= limit - body.count else {
                    tooLarge = true
                    return true
                }
                body += data
                return false
            }
            if overflow { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let (result, done) = completions.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
                return
            }
            result.error = error
            done.signal()
        }

        static func classify(_ error: any Error) -> LiveFailure {
            let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
            switch code {
            case .timedOut: return .timedOut
            case .cannotConnectToHost: return .refused
            case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
            case .networkConnectionLost: return .connectionLost
            case .zeroByteResource: return .closedWithoutResponse
            case .notConnectedToInternet: return .notConnected
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
                return .tls
            case .badServerResponse: return .badResponse
            case .httpTooManyRedirects, .redirectToNonExistentLocation: return .redirects
            case .cancelled: return .cancelled
            default: return .other("transport error \(code.rawValue)")
            }
        }
    }

    /// One exchange's response and error, filled in by the delegate callbacks.
    private final class Result: @unchecked Sendable {
        // Written by the delegate before `done` is signalled, read after the wait.
        var task = 0
        var response: URLResponse?
        var error: (any Error)?
    }

    /// Task identifier → the exchange waiting on it.
    private final class NSLockedTable: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var table: [Int: (Result, DispatchSemaphore)] = [:]

        func withLock<T>(_ body: (inout [Int: (Result, DispatchSemaphore)]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&table)
        }
    }
#endif
