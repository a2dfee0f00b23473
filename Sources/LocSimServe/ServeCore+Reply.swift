import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimSupport

/// An answer ready to write: its bytes, and what becomes of the connection after them.
struct Reply: Sendable {
    var bytes: [UInt8]
    /// Whether the connection stays open for the next request.
    var keepAlive: Bool
    /// `POST /__locsim/shutdown`: the server stops once these bytes are written.
    var shutsDown: Bool
}

extension ServeCore {
    /// Encodes `answer` to `request` and logs it. The entry is logged before the bytes are sent,
    /// so a client that has its answer finds it in `/__locsim/requests`. `began`: when the
    /// request was complete (``MonotonicTime``).
    func reply(to request: ServedRequest, answer: Responder.Answer, began: Int) -> Reply {
        let keepAlive = request.keepsAlive && !answer.shutsDown && !isStopping
        let includeBody = request.method != "HEAD"
        let bytes =
            if keepAlive, includeBody, let wire = answer.wire {
                wire
            } else {
                ResponseEncoder.encode(answer.response, keepAlive: keepAlive, includeBody: includeBody)
            }
        let entry = ServeLogEntry(
            method: request.method, path: answer.path, url: answer.url, outcome: answer.outcome,
            interaction: answer.interaction, status: answer.response.status,
            microseconds: MonotonicTime.microseconds() - began)
        record(entry, admin: answer.outcome == .admin)
        return Reply(bytes: bytes, keepAlive: keepAlive, shutsDown: answer.shutsDown)
    }

    /// The bytes refusing a request that cannot be read (`status` 400, 408, 413, 431, 501 or
    /// 505), logged and reported; the connection closes after them.
    func rejection(status: Int, reason: String) -> [UInt8] {
        let response = Responder.json(status, .object(["error": .string("bad_request"), "reason": .string(reason)]))
        let entry = ServeLogEntry(
            method: "-", path: "-", url: nil, outcome: .rejected, interaction: nil, status: status, microseconds: 0)
        record(entry, admin: false)
        outputs.report("rejected a request (\(status)): \(reason)")
        return ResponseEncoder.encode(response, keepAlive: false)
    }

    /// The reason a request that did not arrive in full by its deadline is refused with 408.
    var requestTimeoutReason: String {
        let seconds = limits.requestTimeout.inSeconds
        let text = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "the request did not arrive in full within \(text) s"
    }
}
