import Dispatch
import LocSimSupport

/// SIGINT and SIGTERM delivered as ordinary Swift on a queue (dispatch sources), never inside a
/// signal handler, and never lost.
///
/// On Linux, dispatch reads signals through `signalfd`, which sees only signals that are blocked:
/// a signal that reaches a thread where it is not blocked meets the `SIG_IGN` disposition and is
/// gone, and one that arrived before the sources are set up would be discarded by it. So
/// ``init()`` blocks both signals in the calling thread first — threads started afterwards (a
/// server's loops) inherit the mask, dispatch's own threads block them anyway — and a signal that
/// comes early waits, pending, until ``handle(_:)`` has registered the sources. Create this
/// before starting threads; ``cancel()`` puts the mask and dispositions back.
final class TerminationSignals {
    private var sources: [any DispatchSourceSignal] = []
    #if os(Linux)
        private var previousMask = sigset_t()
    #endif

    /// Holds SIGINT and SIGTERM back (on Linux) until ``handle(_:)``.
    init() {
        #if os(Linux)
            var set = Self.signals
            pthread_sigmask(SIG_BLOCK, &set, &previousMask)
        #endif
    }

    /// Calls `handler` with the signal's number each time SIGINT or SIGTERM arrives, on a serial
    /// queue of its own.
    func handle(_ handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "locsim.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals: one still pending is dropped, the mask and the default
    /// dispositions are restored.
    func cancel() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_IGN) }
        #if os(Linux)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        #endif
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }

    #if os(Linux)
        private static var signals: sigset_t {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            sigaddset(&set, SIGTERM)
            return set
        }
    #endif
}
