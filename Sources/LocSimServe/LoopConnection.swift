#if os(Linux)
    import LocSimSupport

    /// One client connection on an ``EventLoop``: its non-blocking socket, the request being
    /// read, the answers not yet written, and its deadlines. Owned by its loop's thread.
    final class LoopConnection {
        /// What a write found.
        enum Flushed {
            /// Everything queued is written.
            case done
            /// The socket's buffer is full: wait until it is writable.
            case blocked
            /// The peer is gone.
            case failed
        }

        let descriptor: Int32
        /// Tells this connection from a later one on the same descriptor.
        let serial: UInt64
        var reader: RequestReader
        var interest = Epoll.Interest.none
        /// A live call or miss report is being answered on a worker thread.
        var awaitingWorker = false
        /// Close once the queued bytes are written (`Connection: close`, a rejection, shutdown).
        var closing = false
        /// Shut the write side down before closing, so the client reads the refusal first.
        var halfClose = false
        /// When the first byte of the request being read arrived (the slowloris deadline).
        var requestStarted: Int?
        /// When the last answer was queued or the last bytes were written (the idle deadline).
        var lastActivity: Int
        private var output: [UInt8] = []
        private var written = 0

        init(descriptor: Int32, serial: UInt64, limits: ServeLimits, bodies: BodyBudget, now: Int) {
            self.descriptor = descriptor
            self.serial = serial
            self.reader = RequestReader(limits: limits, bodies: bodies)
            self.lastActivity = now
        }

        /// Whether queued bytes are waiting to be written.
        var hasOutput: Bool { written < output.count }

        /// How many queued bytes are waiting to be written.
        var pendingBytes: Int { output.count - written }

        /// Whether nothing is under way: no request arriving, nothing to write, no worker.
        var isIdle: Bool { !awaitingWorker && !hasOutput && !closing && !reader.hasPartialRequest }

        func queue(_ bytes: [UInt8]) {
            if written == output.count {
                output.removeAll(keepingCapacity: true)
                written = 0
            }
            output.append(contentsOf: bytes)
        }

        /// Writes what is queued, as far as the socket takes it.
        func flush(now: Int) -> Flushed {
            while written < output.count {
                let sent = output.withUnsafeBytes {
                    send(descriptor, $0.baseAddress! + written, $0.count - written, SystemCall.sendFlags)
                }
                if sent > 0 {
                    written += sent
                    lastActivity = now
                    continue
                }
                if sent < 0, errno == EINTR { continue }
                return sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .blocked : .failed
            }
            return .done
        }

        /// When this connection's current wait runs out (``MonotonicTime`` microseconds):
        /// none while a worker answers; the idle limit while an answer cannot be written or no
        /// request is arriving; the request limit from the first byte of a request.
        func deadline(_ limits: ServeLimits) -> Int {
            if awaitingWorker { return .max }
            if let requestStarted, !hasOutput { return requestStarted + limits.requestMicroseconds }
            return lastActivity + limits.idleMicroseconds
        }
    }
#endif
