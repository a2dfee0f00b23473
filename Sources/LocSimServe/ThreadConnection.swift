import LocSimSupport

/// One client connection on its own thread (``ThreadEngine``): reads requests (keep-alive,
/// pipelined), answers each, and closes on `Connection: close`, a malformed request, a
/// deadline, or shutdown.
struct ThreadConnection {
    let core: ServeCore
    let descriptor: Int32

    func run() {
        let limits = core.limits
        var reader = RequestReader(limits: limits, bodies: core.bodies)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var requestStarted: Int?
        var cache = AnswerCache(capacity: 256, maxWireBytes: 1 << 20)
        var idleSince = MonotonicTime.microseconds()
        while true {
            switch reader.next() {
            case .request(let request):
                let began = MonotonicTime.microseconds()
                let answer = core.responder.answer(request, cache: &cache)
                let reply = core.reply(to: request, answer: answer, began: began)
                let sent = Self.sendAll(descriptor, reply.bytes)
                if reply.shutsDown { core.requestShutdown() }
                guard sent, reply.keepAlive else { return }
                idleSince = MonotonicTime.microseconds()
                requestStarted = reader.hasPartialRequest ? idleSince : nil
                continue
            case .failed(let status, let reason):
                reject(core.rejection(status: status, reason: reason))
                return
            case .incomplete(let expectsContinue):
                if expectsContinue, !Self.sendAll(descriptor, ResponseEncoder.continueBytes) { return }
                // Empty lines alone are no request (as on the event loops): the idle limit holds.
                if !reader.hasPartialRequest { requestStarted = nil }
            }
            // Wait for bytes: until the request's deadline once it has begun, else the idle limit.
            let now = MonotonicTime.microseconds()
            let deadline =
                requestStarted.map { $0 + limits.requestMicroseconds } ?? idleSince + limits.idleMicroseconds
            let wait = max(0, (deadline - now + 999) / 1000)
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: core.listener.wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, requestStarted == nil ? 2 : 1, Int32(min(wait, Int(Int32.max))))
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                if requestStarted != nil { reject(core.rejection(status: 408, reason: core.requestTimeoutReason)) }
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

    private func reject(_ bytes: [UInt8]) {
        _ = Self.sendAll(descriptor, bytes)
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
}
