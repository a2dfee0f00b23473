import Foundation

/// The HTTP client a ``RecordingSession`` hands out: answers from recorded interactions and,
/// when the mode allows, calls the live transport for the rest and keeps what it got.
///
/// Requests are redacted before they are matched, stored or named in an error (matching the
/// redacted request lets a secret that was scrubbed from a recorded path still match). A recorded response is
/// returned as it will read back from the cassette (``HTTPInteraction/normalized()``), so a
/// recording run and its replay see the same bytes.
///
/// `@unchecked Sendable`: `log`, `recorded` and `replayedCount` are only touched under `lock`;
/// the rest is set in `init` and never written again.
final class RecordingClient: HTTPClient, @unchecked Sendable {
    /// What to do with a request.
    struct Policy: Sendable {
        /// Consult the recorded interactions first.
        var replay: Bool
        /// On a miss, call `live` and keep the interaction.
        var record: Bool
    }

    let policy: Policy
    private let live: (any HTTPClient)?
    let redactor: Redactor
    private let recordedAt: @Sendable () -> String
    let searched: String
    let recordCommand: String
    private let endpoints: Endpoints?
    private let origin: InteractionOrigin?
    /// The largest body a new interaction may hold: a cassette reader refuses a larger one, so
    /// recording it would write a file that no longer reads back.
    private let maxBodyBytes: Int

    // Guarded by `lock`.
    let lock = NSLock()
    var log: InteractionLog
    private var recorded: [HTTPInteraction] = []
    private var unanswered: [UnmatchedRequestReport] = []
    var replayedCount = 0

    init(
        policy: Policy, log: InteractionLog, live: (any HTTPClient)?, redactor: Redactor,
        recordedAt: @escaping @Sendable () -> String, searched: String, recordCommand: String,
        endpoints: Endpoints? = nil, origin: InteractionOrigin? = nil,
        maxBodyBytes: Int = Cassette.defaultMaxBodyBytes
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.endpoints = endpoints
        self.origin = origin
        self.policy = policy
        self.log = log
        self.live = live
        self.redactor = redactor
        self.recordedAt = recordedAt
        self.searched = searched
        self.recordCommand = recordCommand
    }

    /// `request` as matched and stored: under the provider's own base URL when it was sent to
    /// an overridden one.
    private func stored(_ request: HTTPRequest) -> HTTPRequest {
        guard let endpoints, let (declaration, rest) = endpoints.endpoint(containing: request.url),
            endpoints.overridden[declaration.key] != nil
        else { return request }
        var copy = request
        copy.url = declaration.defaultBaseURL + rest
        return copy
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        switch try lookUp(request) {
        case .answered(let response):
            return response
        case .live(let live, let redacted):
            do {
                return try kept(try live.send(request), for: redacted)
            } catch {
                throw RecordingClient.scrubbed(error, redactor)
            }
        }
    }

    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        switch try lookUp(request) {
        case .answered(let response):
            return response
        case .live(let live, let redacted):
            do {
                return try kept(try await live.response(for: request), for: redacted)
            } catch {
                throw RecordingClient.scrubbed(error, redactor)
            }
        }
    }

    /// Where a request's answer comes from.
    private enum Source {
        /// A recorded interaction.
        case answered(HTTPResponse)
        /// The live transport; the response is kept under the `redacted` request.
        case live(any HTTPClient, redacted: HTTPRequest)
    }

    /// Answers `request` from the recordings when the policy allows and one matches; else names
    /// the live transport, or throws ``HTTPClientError/notRecorded(_:)`` when recording is off.
    private func lookUp(_ request: HTTPRequest) throws(HTTPClientError) -> Source {
        let redacted = redactor.redact(stored(request))
        if policy.replay {
            let answer: HTTPInteraction? = withLock { log.take(redacted) }
            if let answer {
                withLock { replayedCount += 1 }
                return .answered(answer.response)
            }
        }
        guard policy.record, let live else {
            let report: UnmatchedRequestReport = withLock {
                let report = UnmatchedRequestReport(
                    request: redacted, log: log, searched: searched, recordCommand: recordCommand,
                    redactor: redactor)
                unanswered.append(report)
                return report
            }
            throw .notRecorded(redactor.redactText(report.description))
        }
        return .live(live, redacted: redacted)
    }

    /// Keeps the live `response` to `redacted` as a new interaction; returns it as it will read
    /// back from the cassette. A body over the cap is refused, nothing kept: the cassette would
    /// not read back (a transport that caps bodies itself, `LiveHTTPClient`, never gets here
    /// with one; a `URLSession` does).
    private func kept(_ response: HTTPResponse, for redacted: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let interaction = HTTPInteraction(
            request: redacted, response: redactor.redact(response), recordedAt: recordedAt(), origin: origin
        )
        .normalized()
        for (part, body) in [("request", interaction.request.body), ("response", interaction.response.body)]
        where body.count > maxBodyBytes {
            throw .refused(
                "\(URLParts(redacted.url).host): the \(part) body, \(describeByteCount(body.count)), is larger than the "
                    + "\(describeByteCount(maxBodyBytes)) body cap of a cassette (RecordingOptions.maxBodyBytes); "
                    + "not recorded: the cassette would not read back")
        }
        withLock { recorded.append(interaction) }
        return interaction.response
    }

    /// The interactions recorded live so far, in order.
    var newInteractions: [HTTPInteraction] { withLock { recorded } }

    /// The report of every request nothing answered, in order.
    var misses: [UnmatchedRequestReport] { withLock { unanswered } }

    /// The recorded interactions that answered a request: their cassette file and index.
    var used: [(source: String, index: Int)] {
        withLock { log.entries.filter(\.used).map { ($0.source, $0.index) } }
    }

    /// How many requests were answered from recordings.
    var replayed: Int { withLock { replayedCount } }

    func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private static func scrubbed(_ error: HTTPClientError, _ redactor: Redactor) -> HTTPClientError {
        switch error {
        case .unreachable(let message): return .unreachable(redactor.redactText(message))
        case .timedOut(let message): return .timedOut(redactor.redactText(message))
        case .notRecorded(let message): return .notRecorded(redactor.redactText(message))
        case .refused(let message): return .refused(redactor.redactText(message))
        }
    }
}
