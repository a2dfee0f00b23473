import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimSupport

/// Answers one request: the admin endpoints, or the recording session's answer for the routed
/// URL (a 404 miss report when nothing is recorded), and writes the cassette after anything new.
///
/// ``prepare(_:cache:)`` never blocks: it answers the admin endpoints, unrouted requests and
/// replayed interactions, and hands back a ``LiveJob`` for the rest (a miss report or, when
/// recording, a live call), which ``live(_:)`` answers on a thread that may wait. A session that
/// sends requests live is handed only URLs ``ForwardPolicy`` allows; any other is a 404 at once.
final class Responder: Sendable {
    /// The answer and what the log says of it.
    struct Answer {
        var response: HTTPResponse
        /// The request target as the log shows it (secrets redacted).
        var path: String
        var url: String?
        var outcome: ServeLogEntry.Outcome
        var interaction: RecordingSession.InteractionOrigin?
        /// `POST /__locsim/shutdown`: stop once this answer is written.
        var shutsDown = false
        /// ``response`` already encoded for a kept-alive answer with a body (replayed answers).
        var wire: [UInt8]?
    }

    /// A request only the session's client can answer (a miss, or a live call when recording).
    struct LiveJob: Sendable {
        var request: HTTPRequest
        var path: String
        var shownURL: String
        /// ``shownURL`` as the log shows it.
        var displayURL: String
    }

    /// What ``prepare(_:cache:)`` found.
    enum Preparation {
        case answered(Answer)
        case live(LiveJob)
    }

    let session: RecordingSession
    let endpoints: Endpoints
    let redactor: Redactor
    let options: ServeOptions
    let log: RequestLog
    let outputs: ServeOutputs
    let serverBase: String
    /// What a live session may fetch (``ForwardPolicy``).
    let forwardPolicy: ForwardPolicy
    /// The record command an unrouted miss names: the session's own, found once (a miss report
    /// ranks every recording, which an unrouted request needs no part of).
    private let unroutedRecordCommand: String
    private let flushLock = Locked(0)

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
        self.log = RequestLog(capacity: max(1, options.logCapacity), maxBytes: options.limits.maxRequestLogBytes)
        self.outputs = ServeOutputs(options: options)
        self.serverBase = serverBase
        self.forwardPolicy = ForwardPolicy(endpoints: endpoints, forwardHosts: options.forwardHosts)
        self.unroutedRecordCommand =
            session.unmatchedReport(for: HTTPRequest(url: serverBase + "/"))?.recordCommand ?? ""
    }

    /// The whole answer to `request`, waiting for a live call if there is one.
    func answer(_ request: ServedRequest, cache: inout AnswerCache) -> Answer {
        switch prepare(request, cache: &cache) {
        case .answered(let answer): answer
        case .live(let job): live(job)
        }
    }

    /// The answer to `request` when it needs no live call or miss report; else the job for ``live(_:)``.
    func prepare(_ request: ServedRequest, cache: inout AnswerCache) -> Preparation {
        let resolved = cache.resolution(of: request, resolve)
        switch resolved.route {
        case .admin(let name):
            if name == "reset" || name == "shutdown", request.method == "POST",
                let reason = AdminGuard.refusal(request)
            {
                let body: JSONValue = .object(["error": .string("forbidden"), "reason": .string(reason)])
                return .answered(
                    Answer(response: Self.json(403, body), path: resolved.shownPath, url: nil, outcome: .admin))
            }
            var answer = admin(name, method: request.method)
            answer.path = resolved.shownPath
            return .answered(answer)
        case .unrouted(let url, let reason):
            let body = MissReport.unrouted(
                method: request.method, url: redactor.redact(url: url), reason: reason,
                record: unroutedRecordCommand)
            outputs.report("no recorded host for \(request.method) \(resolved.shownPath): \(reason)")
            return .answered(
                Answer(
                    response: Self.json(404, body, scrub: redactor), path: resolved.shownPath, url: nil,
                    outcome: .miss))
        case .recorded(let url):
            if let signature = resolved.signature,
                let hit = session.takeRecorded(
                    HTTPRequest(method: request.method, url: resolved.shownURL), signature: signature)
            {
                let replayed = cache.replayed(hit.origin) {
                    let source = hit.origin.source
                    return AnswerCache.Replayed(
                        shown: RecordingSession.InteractionOrigin(
                            source: source.isEmpty ? "" : options.displayPath(source), index: hit.origin.index),
                        wire: ResponseEncoder.encode(hit.response, keepAlive: true))
                }
                return .answered(
                    Answer(
                        response: hit.response, path: resolved.shownPath, url: resolved.displayURL, outcome: .replayed,
                        interaction: replayed.shown, wire: replayed.wire))
            }
            if session.sendsLive, let reason = forwardPolicy.refusal(for: url) {
                let body: JSONValue = .object([
                    "error": .string("not_forwarded"), "reason": .string(reason),
                    "request": .object(["method": .string(request.method), "url": .string(resolved.displayURL)]),
                ])
                outputs.report("not forwarded: \(request.method) \(resolved.displayURL): \(reason)")
                return .answered(
                    Answer(
                        response: Self.json(404, body, scrub: redactor), path: resolved.shownPath,
                        url: resolved.displayURL, outcome: .miss))
            }
            var headers: [String: String] = [:]
            for (name, value) in request.headerDictionary where !Self.hopHeaders.contains(name.lowercased()) {
                headers[name] = value
            }
            let live = HTTPRequest(method: request.method, url: url, headers: headers, body: request.body)
            return .live(
                LiveJob(
                    request: live, path: resolved.shownPath, shownURL: resolved.shownURL,
                    displayURL: resolved.displayURL))
        }
    }

    /// Routes and redacts a request target (what ``AnswerCache`` keeps).
    private func resolve(_ request: ServedRequest) -> ResolvedRequest {
        let route = ServeRoute.resolve(
            target: request.target, host: request.header("host"), endpoints: endpoints, serverBase: serverBase)
        let path = shown(url: request.target)
        guard case .recorded(let url) = route else {
            return ResolvedRequest(route: route, shownPath: path, shownURL: "", signature: nil)
        }
        let shownURL = session.redactedURL(url)
        return ResolvedRequest(
            route: route, shownPath: path, shownURL: shownURL, displayURL: shown(url: shownURL),
            signature: RequestSignature(HTTPRequest(method: request.method, url: shownURL)))
    }

    /// `url` as logs and reports show it: secret parameters by name, then every spelling of a
    /// secret value (percent-encoded, base64 …), and any `user:password@` (``ServeRoute/withoutUserInfo(_:)``).
    func shown(url: String) -> String {
        redactor.redactText(redactor.redact(url: ServeRoute.withoutUserInfo(url)))
    }

    /// The session client's answer to `job`: a miss report, or (recording) the live answer,
    /// written to the cassette at once. May wait for the live service.
    func live(_ job: LiveJob) -> Answer {
        let request = job.request
        let shownURL = job.displayURL
        do {
            let response = try session.client.send(request)
            flush()
            return Answer(response: response, path: job.path, url: shownURL, outcome: .recorded)
        } catch {
            switch error {
            case .notRecorded(let message):
                outputs.report(redactor.redactText(options.displayPath(message)))
                guard let report = session.unmatchedReport(for: request) else {
                    return Answer(
                        response: Self.json(404, .object(["error": .string("not_recorded")])), path: job.path,
                        url: shownURL, outcome: .miss)
                }
                let body = MissReport.json(report, display: options.displayPath)
                return Answer(
                    response: Self.json(404, body, scrub: redactor), path: job.path, url: shownURL, outcome: .miss)
            case .unreachable(let message), .refused(let message):
                outputs.report(redactor.redactText("error: \(message)"))
                let body: JSONValue = .object(["error": .string("unreachable"), "message": .string(message)])
                return Answer(
                    response: Self.json(502, body, scrub: redactor), path: job.path, url: shownURL,
                    outcome: .unreachable)
            case .timedOut(let message):
                outputs.report(redactor.redactText("error: \(message)"))
                let body: JSONValue = .object(["error": .string("timed_out"), "message": .string(message)])
                return Answer(
                    response: Self.json(504, body, scrub: redactor), path: job.path, url: shownURL,
                    outcome: .unreachable)
            }
        }
    }

    /// Writes the cassette if anything was recorded (atomically; one write at a time).
    func flush() {
        flushLock.withLock { _ in
            guard session.recordedCount > 0 else { return }
            do {
                _ = try session.write()
            } catch {
                outputs.report(redactor.redactText(options.displayPath(String(describing: error))))
            }
        }
    }

    /// The last ``flush()``, then the cassette's lock released (its file removed): the server
    /// is done recording.
    func finish() {
        flush()
        flushLock.withLock { _ in session.release() }
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
            return Answer(response: Self.json(404, body), path: "", url: nil, outcome: .admin)
        }
        guard method == allowed || (allowed == "GET" && method == "HEAD") else {
            var response = Self.json(405, .object(["error": .string("method_not_allowed"), "allow": .string(allowed)]))
            response.headers["Allow"] = allowed
            return Answer(response: response, path: "", url: nil, outcome: .admin)
        }
        switch name {
        case "health":
            let body: JSONValue = .object([
                "status": .string("ok"), "mode": .string(session.mode.rawValue), "requests": .int(log.total),
                "dropped_lines": .int(outputs.droppedLines),
            ])
            return Answer(response: Self.json(200, body), path: "", url: nil, outcome: .admin)
        case "requests":
            let (entries, total) = log.snapshot
            let body: JSONValue = .object(["count": .int(total), "requests": .array(entries.map(\.json))])
            return Answer(response: Self.json(200, body), path: "", url: nil, outcome: .admin)
        case "reset":
            session.resetReplayOrder()
            log.removeAll()
            return Answer(
                response: Self.json(200, .object(["status": .string("reset")])), path: "", url: nil, outcome: .admin)
        default:
            var answer = Answer(
                response: Self.json(200, .object(["status": .string("shutting down")])), path: "", url: nil,
                outcome: .admin)
            answer.shutsDown = true
            return answer
        }
    }

    /// A JSON answer (compact, one line, newline-terminated), with every spelling of a secret
    /// value redacted (``Redactor/redactText(_:)``).
    static func json(_ status: Int, _ body: JSONValue, scrub: Redactor? = nil) -> HTTPResponse {
        let text = body.compact() + "\n"
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: Array((scrub?.redactText(text) ?? text).utf8))
    }
}
