import Foundation

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

    override func startLoading() {
        guard let (client, blocks) = URLProtocolRoutes.client(for: Self.route) else {
            fail(URLError(.cancelled, message: "locsim: this session's HTTP client was released"))
            return
        }
        guard blocks else { return load(client) }
        // On a thread of its own, off URLSession's queue (swift-corelibs-foundation shares one
        // among all sessions) and off Dispatch's global queues: the client waits on a live
        // URLSession of its own while recording, whose completion runs on those global queues.
        // Loaders blocking them (as many as cores) left that completion waiting until Dispatch
        // added a thread: 0.8-2.5 s of nothing for 8 parallel recordings (issue 35).
        nonisolated(unsafe) let loader = self
        Thread { loader.load(client) }.start()
    }

    private func load(_ client: any HTTPClient) {
        var current = request
        var hops = 0
        while true {
            let response: HTTPResponse
            do {
                response = try client.send(HTTPRequest(current))
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
                let next = Self.redirect(of: current, status: response.status, location: response.header("Location"))
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
                    self.client?.urlProtocol(self, wasRedirectedTo: next, redirectResponse: http)
                    self.client?.urlProtocolDidFinishLoading(self)
                    return
                #endif
            }
            self.client?.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
            self.client?.urlProtocol(self, didLoad: Data(response.body))
            self.client?.urlProtocolDidFinishLoading(self)
            return
        }
    }

    /// How many recorded redirects one request follows (as URLSession's limit).
    static let maxRedirects = 16

    override func stopLoading() {}

    /// The request a recorded redirect leads to: 301/302/303 turn a non-GET into a body-less
    /// GET (as browsers and URLSession do), 307/308 repeat the method and body.
    static func redirect(of request: URLRequest, status: Int, location: String?) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location, let base = request.url,
            let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        if status <= 303, request.httpMethod != "GET", request.httpMethod != "HEAD" {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
        }
        return next
    }

    private func fail(_ error: URLError) {
        client?.urlProtocol(self, didFailWithError: error)
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
        case .refused(let message): self.init(.cancelled, message: message, locsimCode: "refused")
        }
    }
}
