import LocSimCanonicalJSON
import LocSimSupport

/// What every connection of a server shares, whichever engine runs it: the listener, the
/// answers, the limits, the request log and lines, the connection count and the stop flag.
final class ServeCore: Sendable {
    let listener: Listener
    let responder: Responder
    let limits: ServeLimits
    let options: ServeOptions
    /// Request lines and reports, written by threads of their own.
    let outputs: ServeOutputs
    /// Request bodies being received, across connections (``ServeLimits/maxPendingBodyBytes``).
    let bodies: BodyBudget
    /// Connections open now (the ``ServeLimits/maxConnections`` cap).
    let active = Locked(0)
    private let stopping = Locked(false)
    /// Starts the server's shutdown from a connection (`POST /__locsim/shutdown`).
    private let shutdownHook = Locked<(@Sendable () -> Void)?>(nil)

    init(listener: Listener, responder: Responder, options: ServeOptions) {
        self.listener = listener
        self.responder = responder
        self.limits = options.limits
        self.options = options
        self.outputs = responder.outputs
        self.bodies = BodyBudget(limit: options.limits.maxPendingBodyBytes)
    }

    /// Whether shutdown has begun.
    var isStopping: Bool { stopping.withLock { $0 } }

    /// Marks shutdown as begun; `false` when it already had.
    func beginStopping() -> Bool {
        stopping.withLock { stopping in
            defer { stopping = true }
            return !stopping
        }
    }

    func onShutdownRequest(_ hook: @escaping @Sendable () -> Void) {
        shutdownHook.withLock { $0 = hook }
    }

    /// Asks the server to shut down (on another thread; returns at once).
    func requestShutdown() {
        shutdownHook.withLock { $0 }?()
    }

    /// Takes a connection slot; `false` when ``ServeLimits/maxConnections`` are open already.
    func admit() -> Bool {
        active.withLock { active in
            guard active < limits.maxConnections else { return false }
            active += 1
            return true
        }
    }

    /// Gives a connection slot back.
    func release() {
        active.withLock { $0 -= 1 }
    }

    /// The bytes answering a connection over its limit.
    var tooManyConnectionsBytes: [UInt8] {
        let response = Responder.json(
            503, .object(["error": .string("too_many_connections"), "limit": .int(limits.maxConnections)]))
        return ResponseEncoder.encode(response, keepAlive: false)
    }

    /// Logs one answered request.
    func record(_ entry: ServeLogEntry, admin: Bool) {
        if !admin { responder.log.append(entry) }
        outputs.requestLines.append(outputs.isJSON ? entry.json.compact() : entry.line)
    }
}
