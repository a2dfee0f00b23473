#if !os(Linux)
    import Dispatch
    import Foundation
    import LocSimHTTPRecording
    import LocSimSupport

    /// The Apple-platform engine: an ephemeral `URLSession` (no cookies, no cache) whose request
    /// and resource timeouts are both the deadline (a task's redirects included), with the body
    /// capped as it arrives. `URLSession` follows same-origin redirects itself, with its own
    /// method rules and hop limit.
    final class URLSessionTransport: LiveTransport {
        private let session: URLSession
        private let delegate: BodyCollector

        init(timeout: Double, followsRedirects: Bool) {
            delegate = BodyCollector(followsRedirects: followsRedirects)
            // The session keeps its delegate; the delegate does not keep the session.
            session = URLSession(
                configuration: .ephemeralUncached(timeout: timeout), delegate: delegate, delegateQueue: nil)
        }

        deinit {
            session.invalidateAndCancel()
        }

        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> LiveOutcome {
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked<LiveOutcome>(.failure(.cancelled))
            start(request, timeout: timeout, maxBodyBytes: maxBodyBytes) { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            done.wait()
            return outcome.withLock { $0 }
        }

        /// The exchange, resumed by the delegate; cancelling the caller's task cancels the data task.
        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) async -> LiveOutcome {
            let running = Locked<URLSessionDataTask?>(nil)
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    running.withLock { task in
                        task = start(request, timeout: timeout, maxBodyBytes: maxBodyBytes) {
                            continuation.resume(returning: $0)
                        }
                        if Task.isCancelled { task?.cancel() }
                    }
                }
            } onCancel: {
                running.withLock { $0?.cancel() }
            }
        }

        /// Starts the data task and returns it (`nil` for a URL `URL` rejects); `finish` is called
        /// once, from the session's delegate queue.
        @discardableResult
        private func start(
            _ request: HTTPRequest, timeout: Double, maxBodyBytes: Int,
            then finish: @escaping @Sendable (LiveOutcome) -> Void
        ) -> URLSessionDataTask? {
            guard let urlRequest = request.urlRequest(timeout: timeout) else {
                finish(.failure(.other("not a valid absolute URL")))
                return nil
            }
            let task = session.dataTask(with: urlRequest)
            delegate.start(task.taskIdentifier, limit: maxBodyBytes, then: finish)
            task.resume()
            return task
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
            case .httpTooManyRedirects: return .tooManyRedirects(limit: nil)
            case .redirectToNonExistentLocation: return .redirects
            case .cancelled: return .cancelled
            default: return .other("transport error \(code.rawValue)")
            }
        }
    }

    /// One exchange in flight: what the delegate collected, and whom to tell when it ends.
    /// `@unchecked Sendable`: `response`, `body`, `error` and `tooLarge` are only touched under `lock`.
    private final class Transfer: @unchecked Sendable {
        let limit: Int
        private let finish: @Sendable (LiveOutcome) -> Void
        private let lock = NSLock()
        private var response: URLResponse?
        private var body: [UInt8] = []
        private var error: (any Error)?
        private var tooLarge = false

        init(limit: Int, finish: @escaping @Sendable (LiveOutcome) -> Void) {
            self.limit = limit
            self.finish = finish
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

        /// Ends the exchange: hands its outcome to `finish`.
        func finished(_ error: (any Error)?) {
            lock.lock()
            self.error = error
            let outcome = self.outcome
            lock.unlock()
            finish(outcome)
        }

        /// What the exchange produced; called under `lock`.
        private var outcome: LiveOutcome {
            if tooLarge { return .failure(.tooLarge) }
            if let error { return .failure(URLSessionTransport.classify(error)) }
            guard let http = response as? HTTPURLResponse else { return .failure(.badResponse) }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                headers[name] = value as? String ?? "\(value)"
            }
            return .response(HTTPResponse(status: http.statusCode, headers: headers, body: body))
        }
    }

    /// The session's delegate: routes callbacks to the transfer of their task.
    /// `@unchecked Sendable`: `transfers` is only touched under `lock`.
    private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var transfers: [Int: Transfer] = [:]
        private let followsRedirects: Bool

        init(followsRedirects: Bool) {
            self.followsRedirects = followsRedirects
        }

        /// A redirect is followed only within the original request's origin (``SameOriginRedirects``);
        /// one not followed is the response (`completionHandler(nil)`), and the other host gets nothing.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let origin = SameOriginRedirects.Origin(task.originalRequest?.url)
            let sameOrigin = origin != nil && SameOriginRedirects.Origin(request.url) == origin
            completionHandler(followsRedirects && sameOrigin ? request : nil)
        }

        func start(_ task: Int, limit: Int, then finish: @escaping @Sendable (LiveOutcome) -> Void) {
            let transfer = Transfer(limit: limit, finish: finish)
            lock.lock()
            transfers[task] = transfer
            lock.unlock()
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
