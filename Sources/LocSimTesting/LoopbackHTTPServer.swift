import Foundation
package import LocSimHTTPRecording
import LocSimServe
import LocSimSupport

/// A stand-in for a live provider in tests, on 127.0.0.1 at an ephemeral port: what `locsim
/// serve` must never do (answer late, drip, close without answering, send gzip), scripted per
/// request. It listens with `serve`'s ``Listener`` and reads each request with the same
/// ``HTTPRequestHead`` parser; an accept thread and one thread per connection, none of which
/// spins (they wait in `poll` on the socket and the listener's wake pipe). Each request is read
/// (headers and a `Content-Length` body), recorded in ``requests``, and answered by the
/// handler's ``Reply`` with `Connection: close`.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in .init(HTTPResponse(status: 200, body: Array("ok".utf8))) }
/// defer { server.stop() }
/// let url = server.baseURL + "/path?q=1"
/// ```
///
/// Call ``stop()`` when done: the accept thread keeps the server alive until then.
///
/// `@unchecked Sendable`: `received` and `stopped` are only touched under `lock`; the rest is
/// set in `init` and never written again. (Not `serve`'s engines: those answer from a recording
/// session and never misbehave on purpose; this one has no session and does nothing else.)
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// How to answer one request.
    package struct Reply: Sendable {
        package var response: HTTPResponse
        /// How long to wait before answering (for timeout tests); the wait ends early on `stop()`.
        package var delay: Duration
        /// Send the body gzip-encoded (``Gzip/wrapStored(_:)``) with `Content-Encoding: gzip`.
        package var gzip: Bool
        /// Bytes to send instead of `response.body`, already encoded as `contentEncoding` (for
        /// instance a gzip stream made by another tool); `Content-Encoding` is set to match.
        package var encodedBody: (bytes: [UInt8], contentEncoding: String)?
        /// Send the reply (head and body) at this many bytes per second, in small chunks (for
        /// deadline tests: a slow drip, a large body at a low rate); `nil` sends it at once.
        package var bytesPerSecond: Double?
        /// With ``bytesPerSecond``: send the head at once and drip only the body.
        package var dripsBodyOnly = false
        /// Close the connection after reading the request, without answering.
        package var closeWithoutReply = false

        package init(_ response: HTTPResponse, delay: Duration = .zero, gzip: Bool = false) {
            self.response = response
            self.delay = delay
            self.gzip = gzip
        }

        /// A reply whose body goes on the wire exactly as `bytes`, labelled `contentEncoding`.
        package static func encoded(
            status: Int, headers: [String: String] = [:], bytes: [UInt8], contentEncoding: String
        ) -> Reply {
            var reply = Reply(HTTPResponse(status: status, headers: headers))
            reply.encodedBody = (bytes, contentEncoding)
            return reply
        }

        /// A reply sent at `bytesPerSecond`: head and body alike, or (`bodyOnly`) the head at
        /// once and then the body.
        package static func dripped(_ response: HTTPResponse, bytesPerSecond: Double, bodyOnly: Bool = false) -> Reply {
            var reply = Reply(response)
            reply.bytesPerSecond = bytesPerSecond
            reply.dripsBodyOnly = bodyOnly
            return reply
        }

        /// No reply: the connection is closed once the request has been read.
        package static var closed: Reply {
            var reply = Reply(HTTPResponse(status: 0))
            reply.closeWithoutReply = true
            return reply
        }
    }

    /// Why the server could not start.
    package struct StartError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The port the server listens on.
    package let port: Int
    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Listener
    private let handler: @Sendable (HTTPRequest) -> Reply
    private let finished = DispatchSemaphore(value: 0)
    // Guarded by `lock`.
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var stopped = false

    /// Starts a server answering every request with `handler`.
    package init(handler: @escaping @Sendable (HTTPRequest) -> Reply) throws(StartError) {
        self.handler = handler
        let listener = try LoopbackHTTPServer.listen()
        self.listener = listener
        self.port = listener.port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Starts a server answering requests with `replies` in order; once they run out it answers
    /// 599 with a body saying so.
    package convenience init(replies: [Reply]) throws(StartError) {
        let queue = ReplyQueue(replies)
        try self.init { _ in queue.next() }
    }

    /// Every request received so far, in arrival order. URLs are absolute (`baseURL` + target).
    package var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Stops accepting connections and closes the listening socket; waits for the accept thread.
    /// Idempotent. Delayed replies still pending are abandoned.
    package func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        listener.wakeAll()
        finished.wait()
        listener.close()
    }

    /// A loopback port nothing listens on (bound, then released), for connection-refused tests.
    package static func closedPort() throws(StartError) -> Int {
        let listener = try listen()
        listener.close()
        return listener.port
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private static func listen() throws(StartError) -> Listener {
        do {
            return try Listener.open(host: "127.0.0.1", port: 0)
        } catch {
            throw StartError(description: error.description)
        }
    }

    /// Accepts until ``stop()`` wakes the listener's pipe.
    private func acceptLoop() {
        defer { finished.signal() }
        listener.acceptUntilWoken { connection in
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    /// Waits `seconds`, or less if ``stop()`` comes first; whether the server is still running.
    private func pause(_ seconds: Double) -> Bool {
        var waker = pollfd(fd: listener.wakeRead, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return !isStopped }
            let ready = poll(&waker, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return false }
            if ready < 0, errno != EINTR { return !isStopped }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        let reply = handler(request)
        if reply.delay > .zero, !pause(reply.delay.inSeconds) { return }
        guard !reply.closeWithoutReply else { return }
        let bytes = LoopbackHTTPServer.encode(reply)
        guard let rate = reply.bytesPerSecond else {
            sendAll(connection, bytes)
            return
        }
        // Chunks every 10 ms (one byte at a time below 100 bytes/s), until sent or stopped.
        let chunk = max(1, Int(rate / 100))
        let interval = Double(chunk) / rate
        var offset = 0
        if reply.dripsBodyOnly, let headEnd = LoopbackHTTPServer.find([13, 10, 13, 10], in: bytes) {
            offset = headEnd + 4
            guard sendAll(connection, Array(bytes[..<offset])) else { return }
        }
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            guard sendAll(connection, Array(bytes[offset..<end])) else { return }
            offset = end
            guard offset < bytes.count, pause(interval) else { return }
        }
    }

    /// Reads one request the way `locsim serve` does (``HTTPRequestHead``, strict); a head it
    /// refuses, or a chunked body (not read here), is answered with its status and the
    /// connection closed.
    private func readRequest(_ connection: Int32) -> HTTPRequest? {
        var buffer: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            guard let chunk = receive(connection) else { return nil }
            buffer += chunk
            headerEnd = LoopbackHTTPServer.find([13, 10, 13, 10], in: buffer)
            if buffer.count > 1 << 20 { return nil }
        }
        let length: Int
        let head: HTTPRequestHead
        switch HTTPRequestHead.parse(buffer[..<headerEnd!]).flatMap({ head in
            head.framing(maxBodyBytes: Int.max).map { (head, $0) }
        }) {
        case .success((let parsed, .length(let count))): (head, length) = (parsed, count)
        case .success((_, .chunked)):
            refuse(connection, status: 501, reason: "chunked request bodies are not read")
            return nil
        case .failure(let failure):
            refuse(connection, status: failure.status, reason: failure.reason)
            return nil
        }
        var body = Array(buffer[(headerEnd! + 4)...])
        if body.count < length, head.header("expect")?.lowercased() == "100-continue" {
            sendAll(connection, HTTPWire.continueBytes)
        }
        while body.count < length {
            guard let chunk = receive(connection) else { return nil }
            body += chunk
        }
        return HTTPRequest(
            method: head.method, url: baseURL + head.target, headers: HTTPWire.folded(head.headers),
            body: Array(body.prefix(length)))
    }

    /// Answers a request that cannot be read with its status and reason.
    private func refuse(_ connection: Int32, status: Int, reason: String) {
        let response = HTTPResponse(status: status, body: Array((reason + "\n").utf8))
        sendAll(connection, response.wireBytes(keepAlive: false))
    }

    private func receive(_ connection: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[..<count])
    }

    @discardableResult
    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        let flags = SystemCall.sendFlags
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// The reply's bytes: LocSimHTTPRecording's HTTP/1.1 encoding, as `locsim serve` sends it (header
    /// lines that a CR, LF or NUL would break are left out), with `Connection: close`.
    static func encode(_ reply: Reply) -> [UInt8] {
        var response = reply.response
        var contentEncoding: String?
        if let encoded = reply.encodedBody {
            (response.body, contentEncoding) = (encoded.bytes, encoded.contentEncoding)
        } else if reply.gzip {
            (response.body, contentEncoding) = (Gzip.wrapStored(response.body), "gzip")
        }
        return response.wireBytes(keepAlive: false, contentEncoding: contentEncoding)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// Scripted replies handed out in order. `@unchecked Sendable`: `replies` is only touched under `lock`.
private final class ReplyQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [LoopbackHTTPServer.Reply]

    init(_ replies: [LoopbackHTTPServer.Reply]) {
        self.replies = replies
    }

    func next() -> LoopbackHTTPServer.Reply {
        lock.lock()
        defer { lock.unlock() }
        guard !replies.isEmpty else {
            return .init(HTTPResponse(status: 599, body: Array("no scripted reply left".utf8)))
        }
        return replies.removeFirst()
    }
}
