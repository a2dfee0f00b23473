package import LocSimHTTPRecording
import LocSimSupport

/// An in-memory `HTTPClient`: a script of URL → answer (a response or a transport error) that
/// records every request. An unscripted URL fails with `notRecorded`, like a cassette miss.
package final class ScriptedHTTPClient: HTTPClient {
    /// What the client answers for a URL.
    package enum Answer: Sendable {
        case response(HTTPResponse)
        case failure(HTTPClientError)
    }

    private let script: [String: Answer]
    // Guards the request log.
    private let log = Locked<[HTTPRequest]>([])

    /// A client answering `script[url]` for each request.
    package init(_ script: [String: Answer] = [:]) { self.script = script }

    /// Every request sent, in order.
    package var requests: [HTTPRequest] { log.withLock { $0 } }

    package func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        log.withLock { $0.append(request) }
        switch script[request.url] {
        case .response(let response): return response
        case .failure(let error): throw error
        case nil: throw .notRecorded("no scripted answer for \(request.method) \(request.url)")
        }
    }
}

extension ScriptedHTTPClient.Answer {
    /// A JSON answer with `status`.
    package static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> Self {
        .response(HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8)))
    }

    /// A non-JSON answer (an HTML error page, XML, plain text).
    package static func text(_ text: String, status: Int, contentType: String) -> Self {
        .response(HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8)))
    }
}

/// A JSON response for calling an adapter's `parse` directly.
package func jsonResponse(_ text: String, status: Int = 200, contentType: String = "application/json") -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
}
