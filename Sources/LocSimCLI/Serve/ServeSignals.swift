import LocSimServe
import LocSimSupport

/// SIGINT and SIGTERM for `locsim serve`: the first one starts a graceful shutdown (in-flight
/// requests finish, the cassette is written, exit 0); a second SIGINT exits 130 at once.
///
/// Created before the server starts its threads and before the `listening on` line, so a
/// signal sent as soon as a client has seen that line is never lost (``TerminationSignals``).
final class ServeSignals {
    private let signals = TerminationSignals()

    /// Shuts `server` down on the signals.
    func handle(_ server: CassetteServer) {
        signals.handle { number in
            if server.isStopping {
                if number == SIGINT { SystemCall.exit(130) }
                return
            }
            server.requestShutdown()
        }
    }

    /// Stops handling the signals and restores their defaults.
    func cancel() {
        signals.cancel()
    }
}
