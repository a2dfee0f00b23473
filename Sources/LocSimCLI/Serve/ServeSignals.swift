import Dispatch
import LocSimSupport
import Serve

/// SIGINT and SIGTERM for `locsim serve`: the first one starts a graceful shutdown (in-flight
/// requests finish, the cassette is written, exit 0); a second SIGINT exits 130 at once. The
/// signals arrive through dispatch sources, so nothing runs inside a signal handler.
final class ServeSignals {
    private let sources: [any DispatchSourceSignal]

    init(server: ReplayServer) {
        let queue = DispatchQueue(label: "locsim.serve.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if server.isStopping {
                    if number == SIGINT { SystemCall.exit(130) }
                    return
                }
                server.requestShutdown()
            }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals and restores their defaults.
    func cancel() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
