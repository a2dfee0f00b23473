import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a clean-up when SIGINT or SIGTERM arrives, then exits as the signal would have (130,
/// 143): what `locsim record` uses so an interrupted run leaves no temporary files. The signals
/// are ignored at the process level and delivered through dispatch sources, so the clean-up is
/// ordinary Swift on a queue, not code in a signal handler. ``cancel()`` restores the defaults.
final class InterruptCleanup {
    private let sources: [any DispatchSourceSignal]

    init(_ cleanUp: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "locsim.interrupt")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                cleanUp()
                signal(number, SIG_DFL)
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals.
    func cancel() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
