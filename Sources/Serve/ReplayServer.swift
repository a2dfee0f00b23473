import CanonicalJSON
import Dispatch
import Foundation
public import HTTPRecording
import LocSimSupport
public import Replay
import Synchronization

/// `locsim serve` as a library: an HTTP/1.1 server that answers an app's provider requests from
/// a ``RecordingSession`` (its cassettes; live and recorded with `--record`), with one thread per
/// connection (blocking I/O, `poll` for deadlines and shutdown; nothing spins).
///
/// ```swift
/// let session = try RecordingSession(options: RecordingOptions(cassettePaths: [cassette]))
/// let server = try ReplayServer(app: app, session: session)
/// // point the app's base URL at "\(server.baseURL)/aeris" …
/// server.shutdown()  // finishes in-flight requests, writes the cassette
/// ```
///
/// Routing is ``ServeRoute``; the admin endpoints are `GET /__locsim/health`,
/// `GET /__locsim/requests`, `POST /__locsim/reset` and `POST /__locsim/shutdown`.
public final class ReplayServer: Sendable {
    /// The port listened on.
    public let port: Int
    /// `http://HOST:PORT` (the first line `locsim serve` prints is `listening on` this).
    public let baseURL: String

    let listener: Listener
    let responder: Responder
    let limits: ServeLimits
    let options: ServeOptions
    let connections = DispatchGroup()
    /// Request lines (stderr or `--log`), written by one thread.
    let requestLines: LineSink
    let active = Atomic(0)
    private let stopping = Atomic(false)
    private let done = DispatchGroup()
    private let acceptDone = DispatchGroup()

    /// Binds and starts accepting. `app.endpoints` gives the `/<key>/` routes and `app.secrets`
    /// what logs and miss reports redact (with the values in `options.environment`).
    public init(app: ReplayApp, session: RecordingSession, options: ServeOptions = ServeOptions()) throws(ServeError) {
        let listener = try Listener.open(host: options.host, port: options.port)
        self.listener = listener
        self.port = listener.port
        let shownHost = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        self.baseURL = "http://\(shownHost):\(listener.port)"
        self.limits = options.limits
        self.options = options
        self.requestLines = LineSink(write: options.jsonLog ?? options.report)
        self.responder = Responder(
            session: session, endpoints: app.endpoints,
            redactor: Redactor(declarations: app.secrets, environment: options.environment), options: options,
            serverBase: "http://\(shownHost):\(listener.port)")
        done.enter()
        acceptDone.enter()
        let thread = Thread { [self] in
            acceptLoop()
            acceptDone.leave()
        }
        thread.name = "locsim.serve.accept"
        thread.start()
    }

    /// The requests answered so far (the most recent ``ServeOptions/logCapacity``), oldest first.
    public var requests: [ServeLogEntry] { responder.log.snapshot.entries }

    /// Whether shutdown has begun.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Stops accepting, lets in-flight requests finish (idle connections are closed), writes the
    /// cassette if anything was recorded, and returns once all of that is done. Idempotent; safe
    /// from any thread but a connection's own (use ``requestShutdown()`` there).
    public func shutdown() {
        if stopping.exchange(true, ordering: .acquiringAndReleasing) {
            done.wait()
            return
        }
        listener.wakeAll()
        acceptDone.wait()
        connections.wait()
        responder.flush()
        requestLines.drain()
        close(listener.descriptor)
        done.leave()
    }

    /// Starts ``shutdown()`` on another thread and returns at once.
    public func requestShutdown() {
        let thread = Thread { [self] in shutdown() }
        thread.start()
    }

    /// Blocks until the server has shut down (by ``shutdown()``, or `POST /__locsim/shutdown`).
    public func wait() {
        done.wait()
    }

    private func acceptLoop() {
        while true {
            var pollers = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener.wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if pollers[1].revents != 0 || ready < 0 { return }
            while true {
                let connection = accept(listener.descriptor, nil, nil)
                guard connection >= 0 else { break }
                admit(connection)
            }
        }
    }

    private func admit(_ connection: Int32) {
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
        SystemCall.ignoreSIGPIPE(on: connection)
        var yes: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard active.add(1, ordering: .relaxed).newValue <= limits.maxConnections else {
            active.subtract(1, ordering: .relaxed)
            let response = Responder.json(
                503, .object(["error": .string("too_many_connections"), "limit": .int(limits.maxConnections)]))
            Connection.sendAll(connection, ResponseEncoder.encode(response, keepAlive: false))
            close(connection)
            return
        }
        connections.enter()
        let thread = Thread { [self] in
            Connection(server: self, descriptor: connection).run()
            close(connection)
            active.subtract(1, ordering: .relaxed)
            connections.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Logs one answered request.
    func record(_ entry: ServeLogEntry, admin: Bool) {
        if !admin { responder.log.append(entry) }
        requestLines.append(options.jsonLog == nil ? entry.line : entry.json.compact())
    }
}
