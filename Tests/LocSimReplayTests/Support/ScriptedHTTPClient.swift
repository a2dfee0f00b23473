import LocSimHTTPRecording
import LocSimSupport

/// An HTTP client that answers by URL path prefix and records every request; anything else is
/// `notRecorded`, like a replay with no matching cassette.
final class ScriptedHTTPClient: HTTPClient {
    private let answers: [(pathPrefix: String, response: HTTPResponse)]
    private let log = Locked<[HTTPRequest]>([])

    init(_ answers: [(String, HTTPResponse)] = []) {
        self.answers = answers.map { (pathPrefix: $0.0, response: $0.1) }
    }

    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        log.withLock { $0.append(request) }
        let path =
            request.url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(3)
            .first.map { "/" + $0 } ?? "/"
        guard let answer = answers.first(where: { path.hasPrefix($0.pathPrefix) }) else {
            throw .notRecorded("no recorded interaction answers \(request.method) \(request.url)\n  more detail")
        }
        return answer.response
    }

    /// A JSON answer with status 200.
    static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }
}
