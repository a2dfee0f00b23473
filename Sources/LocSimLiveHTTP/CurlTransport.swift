#if os(Linux)
    internal import LocSimCurlEasy
    import Foundation
    import LocSimHTTPRecording
    import LocSimSupport

    /// The Linux engine: blocking exchanges over libcurl's easy interface on the caller's thread
    /// (LocSimCurlEasy.h); from async code, on a thread of its own, so a task waiting for the
    /// network holds no thread of the cooperative pool. Waiting costs no CPU (libcurl sleeps in
    /// `poll(2)`), the deadline covers connect, headers and body of every hop
    /// (`CURLOPT_TIMEOUT_MS`, each hop given what is left of it), and the body is capped as it
    /// arrives, so memory stays bounded. libcurl is loaded on the first exchange.
    ///
    /// libcurl never follows a redirect; this loop follows those ``SameOriginRedirects`` allows,
    /// at most ``SameOriginRedirects/maxHops`` of them.
    struct CurlTransport: LiveTransport {
        /// Whether a same-origin redirect is followed (else every redirect is the response).
        var followsRedirects = true

        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> LiveOutcome {
            let deadline = ContinuousClock.now + .seconds(timeout)
            var request = request
            var hops = 0
            while true {
                let left = (deadline - .now).inSeconds
                guard left > 0 else { return .failure(.timedOut) }
                let (outcome, target) = Self.hop(request, timeout: left, maxBodyBytes: maxBodyBytes)
                guard followsRedirects, case .response(let response) = outcome,
                    let next = SameOriginRedirects.request(following: response, to: request, target: target)
                else { return outcome }
                guard hops < SameOriginRedirects.maxHops else {
                    return .failure(.tooManyRedirects(limit: SameOriginRedirects.maxHops))
                }
                hops += 1
                request = next
            }
        }

        /// One request and its outcome, never following a redirect, with libcurl's resolution of
        /// a 3xx's `Location` (`nil` without one).
        private static func hop(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) -> (LiveOutcome, String?) {
            let lines = request.headers.keys.sorted().map { name in
                // libcurl removes a header given as `Name:`; `Name;` sends it empty.
                let value = request.headers[name]!
                return value.isEmpty ? "\(name);" : "\(name): \(value)"
            }
            var exchange = locsim_http_exchange()
            exchange.timeout_ms = max(1, Int(min(timeout, 86_400) * 1000))
            exchange.max_body = maxBodyBytes
            exchange.body_length = request.body.count
            let failure = withCStrings(lines) { headers in
                request.method.withCString { method in
                    request.url.withCString { url in
                        request.body.withUnsafeBufferPointer { body in
                            exchange.method = method
                            exchange.url = url
                            exchange.headers = headers.baseAddress
                            exchange.header_count = headers.count
                            exchange.body = body.baseAddress
                            return locsim_http_perform(&exchange)
                        }
                    }
                }
            }
            defer { locsim_http_exchange_free(&exchange) }
            guard failure == Int32(LOCSIM_HTTP_OK.rawValue) else {
                return (.failure(Self.failure(exchange.failure, message: Self.message(of: &exchange))), nil)
            }
            let body =
                exchange.response_body.map {
                    Array(UnsafeBufferPointer(start: $0, count: exchange.response_body_length))
                }
                ?? []
            let headerText = exchange.response_headers.map {
                String(
                    decoding: UnsafeRawBufferPointer(start: $0, count: exchange.response_headers_length), as: UTF8.self)
            }
            let response = HTTPResponse(status: exchange.status, headers: Self.headers(headerText ?? ""), body: body)
            return (.response(response), exchange.redirect_url.map { String(cString: $0) })
        }

        /// The exchange on a thread of its own. Cancelling the caller's task resumes it at once
        /// with ``LiveFailure/cancelled``; libcurl's call cannot be interrupted, so it runs on to
        /// its response or deadline unseen.
        func exchange(_ request: HTTPRequest, timeout: Double, maxBodyBytes: Int) async -> LiveOutcome {
            if Task.isCancelled { return .failure(.cancelled) }
            let waiter = OutcomeWaiter()
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    waiter.wait(continuation)
                    let thread = Thread {
                        waiter.finish(exchange(request, timeout: timeout, maxBodyBytes: maxBodyBytes))
                    }
                    thread.start()
                }
            } onCancel: {
                waiter.finish(.failure(.cancelled))
            }
        }

        /// Header lines to a dictionary; a repeated field's values are joined with `, `.
        static func headers(_ text: String) -> [String: String] {
            var headers: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return headers
        }

        static func failure(_ code: locsim_http_failure, message: String) -> LiveFailure {
            switch code {
            case LOCSIM_HTTP_TIMED_OUT: .timedOut
            case LOCSIM_HTTP_REFUSED: .refused
            case LOCSIM_HTTP_HOST_NOT_FOUND: .hostNotFound
            case LOCSIM_HTTP_TLS: .tls
            case LOCSIM_HTTP_TOO_LARGE: .tooLarge
            case LOCSIM_HTTP_CLOSED_WITHOUT_RESPONSE: .closedWithoutResponse
            case LOCSIM_HTTP_CONNECTION_LOST: .connectionLost
            case LOCSIM_HTTP_BAD_RESPONSE: .badResponse
            case LOCSIM_HTTP_UNAVAILABLE: .unavailable(message)
            default: .other(message.isEmpty ? "transport error" : message)
            }
        }

        private static func message(of exchange: inout locsim_http_exchange) -> String {
            withUnsafeBytes(of: &exchange.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
    }

    /// Calls `body` with NUL-terminated copies of `strings`, alive for the call.
    private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { string in
            let utf8 = Array(string.utf8CString)
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
            pointer.initialize(from: utf8, count: utf8.count)
            return pointer
        }
        defer { for copy in copies { copy.deallocate() } }
        let pointers = copies.map { UnsafePointer<CChar>?(UnsafePointer($0)) }
        return pointers.withUnsafeBufferPointer(body)
    }

    /// Resumes one waiting caller once, with the first outcome it is given (the exchange's, or
    /// `.cancelled`), whichever of waiting and finishing comes first.
    private final class OutcomeWaiter: Sendable {
        private enum State {
            case idle
            case waiting(CheckedContinuation<LiveOutcome, Never>)
            case finished(LiveOutcome)
            case resumed
        }

        private let state = Locked<State>(.idle)

        /// Resumes `continuation` when the outcome comes (at once if it already has).
        func wait(_ continuation: CheckedContinuation<LiveOutcome, Never>) {
            let ready: LiveOutcome? = state.withLock { state in
                guard case .finished(let outcome) = state else {
                    state = .waiting(continuation)
                    return nil
                }
                state = .resumed
                return outcome
            }
            if let ready { continuation.resume(returning: ready) }
        }

        /// Hands `outcome` to the waiting caller; ignored once the caller has one.
        func finish(_ outcome: LiveOutcome) {
            let waiting: CheckedContinuation<LiveOutcome, Never>? = state.withLock { state in
                switch state {
                case .idle:
                    state = .finished(outcome)
                    return nil
                case .waiting(let continuation):
                    state = .resumed
                    return continuation
                case .finished, .resumed:
                    return nil
                }
            }
            waiting?.resume(returning: outcome)
        }
    }
#endif
