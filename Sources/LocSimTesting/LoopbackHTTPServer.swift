import Foundation
package import LocSimHTTPRecording
import LocSimSupport

/// An HTTP/1.1 server on 127.0.0.1 for tests: plain POSIX sockets, an ephemeral port, one
/// background thread accepting connections and one thread per connection. Each request is read
/// (headers and a `Content-Length` body), recorded in ``requests``, and answered by the handler's
/// ``Reply`` with `Connection: close`.
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
/// set in `init` and never written again.
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

    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> Reply
    private let finished = DispatchSemaphore(value: 0)
    // Guarded by `lock`.
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var stopped = false

    /// Starts a server answering every request with `handler`.
    package init(handler: @escaping @Sendable (HTTPRequest) -> Reply) throws(StartError) {
        self.handler = handler
        let (listener, port) = try LoopbackHTTPServer.listen()
        self.listener = listener
        self.port = port
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
        finished.wait()
        close(listener)
    }

    /// A loopback port nothing listens on (bound, then released), for connection-refused tests.
    package static func closedPort() throws(StartError) -> Int {
        let (socket, port) = try listen()
        close(socket)
        return port
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private static func listen() throws(StartError) -> (Int32, Int) {
        let descriptor = socket(AF_INET, SystemCall.streamSocket, 0)
        guard descriptor >= 0 else { throw StartError(description: "socket: \(SystemCall.errorText(errno))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, startListening(descriptor) == 0 else {
            let message = SystemCall.errorText(errno)
            close(descriptor)
            throw StartError(description: "bind/listen on 127.0.0.1: \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        SystemCall.ignoreSIGPIPE(on: connection)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        let reply = handler(request)
        var waited = 0.0
        while waited < reply.delay.inSeconds, !isStopped {
            usleep(10_000)
            waited += 0.01
        }
        guard !isStopped || reply.delay == .zero, !reply.closeWithoutReply else { return }
        let bytes = LoopbackHTTPServer.encode(reply)
        guard let rate = reply.bytesPerSecond else {
            sendAll(connection, bytes)
            return
        }
        // Chunks every 10 ms (one byte at a time below 100 bytes/s), until sent or stopped.
        let chunk = max(1, Int(rate / 100))
        let pause = UInt32(1_000_000 * Double(chunk) / rate)
        var offset = 0
        if reply.dripsBodyOnly, let headEnd = LoopbackHTTPServer.find([13, 10, 13, 10], in: bytes) {
            offset = headEnd + 4
            guard sendAll(connection, Array(bytes[..<offset])) else { return }
        }
        while offset < bytes.count, !isStopped {
            let end = min(bytes.count, offset + chunk)
            guard sendAll(connection, Array(bytes[offset..<end])) else { return }
            offset = end
            var slept: UInt32 = 0
            while slept < pause, !isStopped {
                let step = min(10_000, pause - slept)
                usleep(step)
                slept += step
            }
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

/// `listen(2)` under a name that does not clash with the static `listen()` above.
private func startListening(_ descriptor: Int32) -> Int32 {
    listen(descriptor, 64)
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
