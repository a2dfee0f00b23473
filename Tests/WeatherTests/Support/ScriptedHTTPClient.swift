import HTTPRecording
import Synchronization

/// An in-memory `HTTPClient`: a script of URL → answer (a response or a transport error) that
/// records every request. An unscripted URL fails with `notRecorded`, like a cassette miss.
final class ScriptedHTTPClient: HTTPClient {
    enum Answer: Sendable {
        case response(HTTPResponse)
        case failure(HTTPClientError)
    }

    private let script: [String: Answer]
    // Guards the request log.
    private let log = Mutex<[HTTPRequest]>([])

    init(_ script: [String: Answer] = [:]) { self.script = script }

    /// Every request sent, in order.
    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
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
    static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> Self {
        .response(HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8)))
    }

    /// A non-JSON answer (an HTML error page, XML, plain text).
    static func text(_ text: String, status: Int, contentType: String) -> Self {
        .response(HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8)))
    }
}

/// A JSON response for calling an adapter's `parse` directly.
func jsonResponse(_ text: String, status: Int = 200, contentType: String = "application/json") -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
}

/// An HTML error page like the ones CDNs and load balancers answer with.
let htmlErrorPage = """
    <!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>
    <body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>
    """
