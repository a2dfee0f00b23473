import CanonicalJSON
import HTTPRecording
import LocSimSupport

/// One client connection: reads requests (keep-alive, pipelined), answers each, and closes on
/// `Connection: close`, a malformed request, a deadline, or shutdown.
struct Connection {
    let server: ReplayServer
    let descriptor: Int32

    func run() {
        let limits = server.limits
        var reader = RequestReader(limits: limits)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var requestStarted: Int?
        var cache = RedactionCache(capacity: 256)
        var idleSince = MonotonicTime.microseconds()
        while true {
            switch reader.next() {
            case .request(let request):
                let began = MonotonicTime.microseconds()
                let answer = server.responder.answer(request, cache: &cache)
                let keepAlive = request.keepsAlive && !answer.shutsDown && !server.isStopping
                let bytes = ResponseEncoder.encode(
                    answer.response, keepAlive: keepAlive, includeBody: request.method != "HEAD")
                // Logged before it is sent: a client that has its answer finds it in /__locsim/requests.
                let entry = ServeLogEntry(
                    method: request.method,
                    path: cache.text(request.target, server.responder.redactor.redact(url:)),
                    url: answer.url, outcome: answer.outcome, interaction: answer.interaction,
                    status: answer.response.status, microseconds: MonotonicTime.microseconds() - began)
                server.record(entry, admin: answer.outcome == .admin)
                let sent = Connection.sendAll(descriptor, bytes)
                if answer.shutsDown { server.requestShutdown() }
                guard sent, keepAlive else { return }
                idleSince = MonotonicTime.microseconds()
                requestStarted = reader.hasPartialRequest ? idleSince : nil
                continue
            case .failed(let status, let reason):
                reject(status: status, reason: reason)
                return
            case .incomplete(let expectsContinue):
                if expectsContinue, !Connection.sendAll(descriptor, ResponseEncoder.continueBytes) { return }
            }
            // Wait for bytes: until the request's deadline once it has begun, else the idle limit.
            let now = MonotonicTime.microseconds()
            let deadline =
                requestStarted.map { $0 + Int(limits.requestSeconds * 1_000_000) }
                ?? idleSince + Int(limits.idleSeconds * 1_000_000)
            let wait = max(0, (deadline - now + 999) / 1000)
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: server.listener.wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, requestStarted == nil ? 2 : 1, Int32(min(wait, Int(Int32.max))))
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                if requestStarted != nil {
                    reject(
                        status: 408,
                        reason: "the request did not arrive in full within \(formatSeconds(limits.requestSeconds)) s")
                }
                return
            }
            if requestStarted == nil, pollers[1].revents != 0, pollers[0].revents == 0 { return }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            if requestStarted == nil { requestStarted = MonotonicTime.microseconds() }
            buffer.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    private func reject(status: Int, reason: String) {
        let response = Responder.json(status, .object(["error": .string("bad_request"), "reason": .string(reason)]))
        let entry = ServeLogEntry(
            method: "-", path: "-", url: nil, outcome: .rejected, interaction: nil, status: status, microseconds: 0)
        server.record(entry, admin: false)
        server.options.report("rejected a request (\(status)): \(reason)")
        _ = Connection.sendAll(descriptor, ResponseEncoder.encode(response, keepAlive: false))
        // Let the client read the answer before the close resets the connection.
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Writes all of `bytes`; `false` when the peer is gone or the send timed out.
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, SystemCall.sendFlags)
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
