import Dispatch
import Foundation
public import LocSimHTTPRecording
import LocSimSupport

/// `locsim serve` as a library: an HTTP/1.1 server that answers an app's provider requests from
/// a ``RecordingSession`` (its cassettes; live and recorded with `--record`). On Linux one epoll
/// event loop per core serves every connection (live calls run on worker threads, so a slow
/// provider never stalls a loop); elsewhere each connection has its own thread. Nothing spins.
///
/// ```swift
/// let session = try RecordingSession(options: RecordingOptions(cassettePaths: [cassette]))
/// let server = try CassetteServer(app: app, session: session)
/// // point the app's base URL at "\(server.baseURL)/aeris" …
/// server.shutdown()  // finishes in-flight requests, writes the cassette
/// ```
///
/// Routing is ``ServeRoute``; the admin endpoints are `GET /__locsim/health`,
/// `GET /__locsim/requests`, `POST /__locsim/reset` and `POST /__locsim/shutdown`.
public final class CassetteServer: Sendable {
    /// The port listened on.
    public let port: Int
    /// `http://HOST:PORT` (the first line `locsim serve` prints is `listening on` this).
    public let baseURL: String

    let core: ServeCore
    private let engine: any ServeEngine
    private let done = DispatchGroup()

    /// Which engine carries the connections.
    enum Engine {
        /// Epoll event loops on Linux; elsewhere the same as ``threadPerConnection``.
        case eventLoops
        case threadPerConnection
    }

    /// Binds and starts accepting. `app.endpoints` gives the `/<key>/` routes and `app.secrets`
    /// what logs and miss reports redact (with the values in `options.environment`), unless the
    /// session declares secrets: then its own redactor, with what it learns recording; `app` is a
    /// `ReplayApp` or any other ``ServiceDeclaring`` (such as ``ServiceDeclarations``).
    public convenience init(
        app: some ServiceDeclaring, session: RecordingSession, options: ServeOptions = ServeOptions()
    ) throws(ServeError) {
        try self.init(app: app, session: session, options: options, engine: .eventLoops)
    }

    /// ``init(app:session:options:)`` on a chosen engine (tests run the thread engine on Linux too).
    init(
        app: some ServiceDeclaring, session: RecordingSession, options: ServeOptions, engine kind: Engine
    ) throws(ServeError) {
        let listener = try Listener.open(host: options.host, port: options.port)
        self.port = listener.port
        let shownHost = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        self.baseURL = "http://\(shownHost):\(listener.port)"
        let responder = Responder(
            session: session, endpoints: app.endpoints,
            redactor: session.redactor.declarations.isEmpty
                ? Redactor(declarations: app.secrets, environment: options.environment) : session.redactor,
            options: options,
            serverBase: baseURL)
        let core = ServeCore(listener: listener, responder: responder, options: options)
        self.core = core
        #if os(Linux)
            if kind == .eventLoops {
                do {
                    engine = try LoopEngine(core: core)
                } catch {
                    core.outputs.drain()
                    listener.close()
                    throw error
                }
            } else {
                engine = ThreadEngine(core: core)
            }
        #else
            engine = ThreadEngine(core: core)
        #endif
        done.enter()
        core.onShutdownRequest { [weak self] in
            guard let self else { return }
            let thread = Thread { self.shutdown() }
            thread.start()
        }
    }

    /// The requests answered so far (the most recent ``ServeOptions/logCapacity``), oldest first.
    public var requests: [ServeLogEntry] { core.responder.log.snapshot.entries }

    /// Whether shutdown has begun.
    public var isStopping: Bool { core.isStopping }

    /// Stops accepting, lets in-flight requests finish (idle connections are closed), writes the
    /// cassette if anything was recorded, and returns once all of that is done. Idempotent; safe
    /// from any thread but a connection's own (use ``requestShutdown()`` there).
    public func shutdown() {
        guard core.beginStopping() else {
            done.wait()
            return
        }
        engine.stop()
        core.responder.finish()
        core.outputs.drain()
        core.listener.close()
        done.leave()
    }

    /// Starts ``shutdown()`` on another thread and returns at once.
    public func requestShutdown() {
        core.requestShutdown()
    }

    /// Blocks until the server has shut down (by ``shutdown()``, or `POST /__locsim/shutdown`).
    public func wait() {
        done.wait()
    }
}

/// The former name of ``CassetteServer`` ("Replay" also names the replay pipeline).
@available(*, deprecated, renamed: "CassetteServer")
public typealias ReplayServer = CassetteServer
