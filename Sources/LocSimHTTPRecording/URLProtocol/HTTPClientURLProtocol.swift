import Foundation
import LocSimSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers `http(s)` requests from a locsim ``HTTPClient`` — a cassette
/// replayer, a recorder, or any client of the replay. The subclass ``RoutedURLProtocol`` names
/// the client (its route); this class does the work.
class HTTPClientURLProtocol: URLProtocol {
    /// The route whose client answers; overridden by each ``RoutedURLProtocol``.
    class var route: Int { -1 }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// Whether URLSession has stopped this load (a cancelled task), and the exchange running
    /// for it. Recursive: a client call made with it held may come back to ``stopLoading()``.
    private let stopping = NSRecursiveLock()
    nonisolated(unsafe) private var stopped = false
    nonisolated(unsafe) private var running: LiveCancellation?

    override func startLoading() {
        guard let (client, blocks) = URLProtocolRoutes.client(for: Self.route) else {
            fail(URLError(.cancelled, message: "locsim: this session's HTTP client was released"))
            return
        }
        guard blocks else { return load(client, blocks: false) }
        // On a thread of its own, off URLSession's queue (swift-corelibs-foundation shares one
        // among all sessions) and off Dispatch's global queues: the client waits on a live
        // URLSession of its own while recording, whose completion runs on those global queues.
        // Loaders blocking them (as many as cores) left that completion waiting until Dispatch
        // added a thread: 0.8-2.5 s of nothing for 8 parallel recordings (issue 35).
        nonisolated(unsafe) let loader = self
        Thread { loader.load(client, blocks: true) }.start()
    }

    /// Cancels the exchange under way (a live request being recorded is cancelled, so nothing
    /// is recorded for it) and keeps every later call from reaching URLSession, which has
    /// forgotten the task by then (swift-corelibs-foundation traps on a call for it).
    override func stopLoading() {
        stopping.lock()
        stopped = true
        let exchange = running
        stopping.unlock()
        // Not here: cancelling the live data task waits on URLSession's queue, which
        // swift-corelibs-foundation shares among sessions and which is running this call.
        if let exchange { DispatchQueue.global().async { exchange.cancel() } }
    }

    /// Runs `deliver` with the URLSession client unless the load was stopped; a stop waits for it.
    private func unlessStopped(_ deliver: (any URLProtocolClient) -> Void) {
        stopping.lock()
        defer { stopping.unlock() }
        guard !stopped, let client else { return }
        deliver(client)
    }

    /// One exchange with `client`. For a client that `blocks` (a recorder going live), the live
    /// request can be cancelled by ``stopLoading()`` and ends after the request's
    /// `timeoutInterval`, as URLSession's would (`URLError.timedOut`); it stays on this thread.
    private func exchange(
        _ request: HTTPRequest, with client: any HTTPClient, blocks: Bool, timeout: TimeInterval
    ) throws(HTTPClientError) -> HTTPResponse {
        guard blocks else { return try client.send(request) }
        let cancellation = LiveCancellation()
        stopping.lock()
        running = cancellation
        let cancelled = stopped
        stopping.unlock()
        if cancelled { cancellation.cancel() }
        if timeout > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { cancellation.timeOut() }
        }
        let result = LiveCancellation.$current.withValue(cancellation) {
            Result { () throws(HTTPClientError) -> HTTPResponse in try client.send(request) }
        }
        if case .failure = result, cancellation.timedOut {
            throw .timedOut(
                "\(URLParts(request.url).host): no response within \(timeout) s (the request's timeoutInterval)")
        }
        return try result.get()
    }

    private func load(_ client: any HTTPClient, blocks: Bool) {
        var current = request
        var hops = 0
        while true {
            let response: HTTPResponse
            var sent = HTTPRequest(current)
            #if canImport(FoundationNetworking)
                if hops == 0, sent.body.isEmpty, task is URLSessionUploadTask {
                    guard let body = UploadBody.bytes(of: task) else {
                        fail(
                            URLError(
                                .cannotDecodeRawData,
                                message: "locsim: this upload's body cannot be read on this platform; send it as the "
                                    + "request's httpBody (session.data(for:)) instead of upload(for:from:)"))
                        return
                    }
                    sent.body = body
                }
            #endif
            do {
                response = try exchange(sent, with: client, blocks: blocks, timeout: current.timeoutInterval)
            } catch {
                fail(URLError(error))
                return
            }
            guard let url = current.url,
                let http = HTTPURLResponse(
                    url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
            else {
                fail(URLError(.badServerResponse, message: "locsim: the recorded response could not be built"))
                return
            }
            if hops < Self.maxRedirects,
                let next = Self.redirect(
                    of: current, body: sent.body, status: response.status, location: response.header("Location"))
            {
                #if canImport(FoundationNetworking)
                    // swift-corelibs-foundation cannot take a redirect from a protocol: follow the
                    // recorded hop here (the next request matches the next recorded interaction).
                    current = next
                    hops += 1
                    continue
                #else
                    // URLSession follows it: the next request comes back through this protocol
                    // and the delegate's redirect callback sees it.
                    unlessStopped { client in
                        client.urlProtocol(self, wasRedirectedTo: next, redirectResponse: http)
                        client.urlProtocolDidFinishLoading(self)
                    }
                    return
                #endif
            }
            unlessStopped { client in
                client.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
                client.urlProtocol(self, didLoad: Data(response.body))
                client.urlProtocolDidFinishLoading(self)
            }
            return
        }
    }

    /// How many recorded redirects one request follows (as URLSession's limit).
    static let maxRedirects = 16

    /// The request a recorded redirect leads to: 301/302/303 turn a non-GET into a body-less
    /// GET (as browsers and URLSession do), 307/308 repeat the method and `body` (the bytes the
    /// hop sent: a body stream is read once, so the next hop carries them as `httpBody`).
    static func redirect(of request: URLRequest, body: [UInt8], status: Int, location: String?) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location, let base = request.url,
            let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        next.httpBodyStream = nil
        next.httpBody = body.isEmpty ? nil : Data(body)
        if status <= 303, request.httpMethod != "GET", request.httpMethod != "HEAD" {
            next.httpMethod = "GET"
            next.httpBody = nil
        }
        return next
    }

    private func fail(_ error: URLError) {
        unlessStopped { client in client.urlProtocol(self, didFailWithError: error) }
    }
}

/// The URLProtocol of one route: a distinct class per session, so each session's
/// `protocolClasses` names its own client.
final class RoutedURLProtocol<Slot: RouteSlot>: HTTPClientURLProtocol {
    override class var route: Int { Slot.index }
}

extension URLError {
    /// An error whose `localizedDescription` is `message`, naming locsim's failure code.
    init(_ code: URLError.Code, message: String, locsimCode: String = "refused") {
        self.init(code, userInfo: [NSLocalizedDescriptionKey: message, "LocSimFailureCode": locsimCode])
    }

    /// The URLSession form of a locsim client failure; the message is locsim's (for a request no
    /// cassette answers: the request, the closest recorded one and how to record it).
    init(_ error: HTTPClientError) {
        switch error {
        case .unreachable(let message): self.init(.cannotConnectToHost, message: message, locsimCode: "unreachable")
        case .timedOut(let message): self.init(.timedOut, message: message, locsimCode: "timed_out")
        case .notRecorded(let message): self.init(.resourceUnavailable, message: message, locsimCode: "not_recorded")
        // Not `.cancelled`, which apps commonly ignore: a recording that was not written must fail.
        case .refused(let message): self.init(.cannotWriteToFile, message: message, locsimCode: "refused")
        }
    }
}
