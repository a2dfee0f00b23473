#if !os(Linux)
    import Dispatch
    import Foundation

    /// The Apple-platform engine: an ephemeral `URLSession` (no cookies, no cache) whose request
    /// and resource timeouts are both the deadline, with the body capped as it arrives.
    final class URLSessionTransport: LiveTransport {
        private let session: URLSession
        private let delegate: BodyCollector

        init(timeout: Double) {
            delegate = BodyCollector()
            // The session keeps its delegate; the delegate does not keep the session.
            session = URLSession(
                configuration: .ephemeralUncached(timeout: timeout), delegate: delegate, delegateQueue: nil)
        }

        deinit {
            session.invalidateAndCancel()
        }

        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> LiveOutcome {
            guard let url = URL(string: request.url) else { return .failure(.other("not a valid absolute URL")) }
            var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
            let task = session.dataTask(with: urlRequest)
            let transfer = delegate.start(task.taskIdentifier, limit: maxBodyBytes)
            task.resume()
            transfer.done.wait()
            let (response, body, error, tooLarge) = transfer.result
            if tooLarge { return .failure(.tooLarge) }
            if let error { return .failure(Self.classify(error)) }
            guard let http = response as? HTTPURLResponse else { return .failure(.badResponse) }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                headers[name] = value as? String ?? "\(value)"
            }
            return .response(HTTPResponse(status: http.statusCode, headers: headers, body: body))
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

    /// One exchange in flight: what the delegate collected, and the semaphore its caller waits on.
    /// `@unchecked Sendable`: `response`, `body`, `error` and `tooLarge` are only touched under `lock`.
    private final class Transfer: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        let limit: Int
        private let lock = NSLock()
        private var response: URLResponse?
        private var body: [UInt8] = []
        private var error: (any Error)?
        private var tooLarge = false

        init(limit: Int) {
            self.limit = limit
        }

        var result: (URLResponse?, [UInt8], (any Error)?, Bool) {
            lock.lock()
            defer { lock.unlock() }
            return (response, body, error, tooLarge)
        }

        /// Records the response; `false` when its declared length is over the cap.
        func received(_ response: URLResponse) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            self.response = response
            if response.expectedContentLength > Int64(limit) { tooLarge = true }
            return !tooLarge
        }

        /// Appends body bytes; `false` once the body is over the cap.
        func received(_ data: Data) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !tooLarge, data.count <= limit - body.count else {
                tooLarge = true
                return false
            }
            body += data
            return true
        }

        func finished(_ error: (any Error)?) {
            lock.lock()
            self.error = error
            lock.unlock()
            done.signal()
        }
    }

    /// The session's delegate: routes callbacks to the transfer of their task.
    /// `@unchecked Sendable`: `transfers` is only touched under `lock`.
    private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var transfers: [Int: Transfer] = [:]

        func start(_ task: Int, limit: Int) -> Transfer {
            let transfer = Transfer(limit: limit)
            lock.lock()
            transfers[task] = transfer
            lock.unlock()
            return transfer
        }

        private func transfer(_ task: Int, remove: Bool = false) -> Transfer? {
            lock.lock()
            defer { lock.unlock() }
            return remove ? transfers.removeValue(forKey: task) : transfers[task]
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let allowed = transfer(dataTask.taskIdentifier)?.received(response) ?? true
            completionHandler(allowed ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if transfer(dataTask.taskIdentifier)?.received(data) == false { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            transfer(task.taskIdentifier, remove: true)?.finished(error)
        }
    }
#endif
