import CanonicalJSON
import HTTPRecording
import Synchronization

/// Answers one request: the admin endpoints, or the recording session's answer for the routed
/// URL (a 404 miss report when nothing is recorded), and writes the cassette after anything new.
final class Responder: Sendable {
    /// The answer and what the log says of it.
    struct Answer {
        var response: HTTPResponse
        var url: String?
        var outcome: ServeLogEntry.Outcome
        var interaction: RecordingSession.InteractionOrigin?
        /// `POST /__locsim/shutdown`: stop once this answer is written.
        var shutsDown = false
    }

    let session: RecordingSession
    let endpoints: Endpoints
    let redactor: Redactor
    let options: ServeOptions
    let log: RequestLog
    let serverBase: String
    private let flushLock = Mutex(0)

    /// Request headers that describe this hop, not the request: never matched or forwarded.
    static let hopHeaders: Set<String> = [
        "host", "connection", "keep-alive", "content-length", "transfer-encoding", "expect", "proxy-connection",
        "te", "upgrade", "accept-encoding",
    ]

    init(session: RecordingSession, endpoints: Endpoints, redactor: Redactor, options: ServeOptions, serverBase: String)
    {
        self.session = session
        self.endpoints = endpoints
        self.redactor = redactor
        self.options = options
        self.log = RequestLog(capacity: max(1, options.logCapacity))
        self.serverBase = serverBase
    }

    func answer(_ request: ServedRequest, cache: inout RedactionCache) -> Answer {
        switch ServeRoute.resolve(
            target: request.target, host: request.header("host"), endpoints: endpoints, serverBase: serverBase)
        {
        case .admin(let name):
            return admin(name, method: request.method)
        case .unrouted(let url, let reason):
            let body = MissReport.unrouted(
                method: request.method, url: redactor.redact(url: url), reason: reason,
                record: session.unmatchedReport(for: HTTPRequest(url: url))?.recordCommand ?? "")
            options.report(redactor.scrub("no recorded host for \(request.method) \(request.target): \(reason)"))
            return Answer(response: Self.json(404, body), url: nil, outcome: .miss)
        case .recorded(let url):
            return replay(request, url: url, cache: &cache)
        }
    }

    private func replay(_ served: ServedRequest, url: String, cache: inout RedactionCache) -> Answer {
        var headers: [String: String] = [:]
        for (name, value) in served.headerDictionary where !Self.hopHeaders.contains(name.lowercased()) {
            headers[name] = value
        }
        let request = HTTPRequest(method: served.method, url: url, headers: headers, body: served.body)
        let (shownURL, signature) = cache.lookup(method: served.method, url: url, session: session)
        if let hit = session.takeRecorded(HTTPRequest(method: served.method, url: shownURL), signature: signature) {
            let shown = RecordingSession.InteractionOrigin(
                source: hit.origin.source.isEmpty ? "" : options.displayPath(hit.origin.source), index: hit.origin.index
            )
            return Answer(response: hit.response, url: shownURL, outcome: .replayed, interaction: shown)
        }
        do {
            // A miss (the report), or recording: the session's client decides.
            let response = try session.client.send(request)
            flush()
            return Answer(response: response, url: shownURL, outcome: .recorded)
        } catch {
            switch error {
            case .notRecorded(let message):
                options.report(options.displayPath(message))
                guard let report = session.unmatchedReport(for: request) else {
                    return Answer(
                        response: Self.json(404, .object(["error": .string("not_recorded")])), url: shownURL,
                        outcome: .miss)
                }
                let body = MissReport.json(report, display: options.displayPath)
                return Answer(response: Self.json(404, body, scrub: redactor), url: shownURL, outcome: .miss)
            case .unreachable(let message), .refused(let message):
                options.report(redactor.scrub("error: \(message)"))
                let body: JSONValue = .object(["error": .string("unreachable"), "message": .string(message)])
                return Answer(response: Self.json(502, body, scrub: redactor), url: shownURL, outcome: .unreachable)
            case .timedOut(let message):
                options.report(redactor.scrub("error: \(message)"))
                let body: JSONValue = .object(["error": .string("timed_out"), "message": .string(message)])
                return Answer(response: Self.json(504, body, scrub: redactor), url: shownURL, outcome: .unreachable)
            }
        }
    }

    /// Writes the cassette if anything was recorded (atomically; one write at a time).
    func flush() {
        flushLock.withLock { _ in
            guard session.recordedCount > 0 else { return }
            do {
                _ = try session.finish()
            } catch {
                options.report(options.displayPath(String(describing: error)))
            }
        }
    }

    private func admin(_ name: String, method: String) -> Answer {
        let allowed: String
        switch name {
        case "health", "requests": allowed = "GET"
        case "reset", "shutdown": allowed = "POST"
        default:
            let body: JSONValue = .object([
                "error": .string("unknown_admin_endpoint"),
                "known": .array(["health", "requests", "reset", "shutdown"].map { .string($0) }),
            ])
            return Answer(response: Self.json(404, body), url: nil, outcome: .admin)
        }
        guard method == allowed || (allowed == "GET" && method == "HEAD") else {
            var response = Self.json(405, .object(["error": .string("method_not_allowed"), "allow": .string(allowed)]))
            response.headers["Allow"] = allowed
            return Answer(response: response, url: nil, outcome: .admin)
        }
        switch name {
        case "health":
            let total = log.snapshot.total
            let body: JSONValue = .object([
                "status": .string("ok"), "mode": .string(session.mode.rawValue), "requests": .int(total),
            ])
            return Answer(response: Self.json(200, body), url: nil, outcome: .admin)
        case "requests":
            let (entries, total) = log.snapshot
            let body: JSONValue = .object(["count": .int(total), "requests": .array(entries.map(\.json))])
            return Answer(response: Self.json(200, body), url: nil, outcome: .admin)
        case "reset":
            session.resetReplayOrder()
            log.removeAll()
            return Answer(response: Self.json(200, .object(["status": .string("reset")])), url: nil, outcome: .admin)
        default:
            var answer = Answer(
                response: Self.json(200, .object(["status": .string("shutting down")])), url: nil, outcome: .admin)
            answer.shutsDown = true
            return answer
        }
    }

    /// A JSON answer (compact, one line, newline-terminated), scrubbed of secret values.
    static func json(_ status: Int, _ body: JSONValue, scrub: Redactor? = nil) -> HTTPResponse {
        let text = body.compact() + "\n"
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: Array((scrub?.scrub(text) ?? text).utf8))
    }
}
