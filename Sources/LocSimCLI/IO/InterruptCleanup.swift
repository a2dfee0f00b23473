import LocSimSupport

/// Runs a clean-up when SIGINT or SIGTERM arrives, then exits as the signal would have (130,
/// 143): what `locsim record` uses so an interrupted run leaves no temporary files. The signals
/// arrive through ``TerminationSignals``, so the clean-up is ordinary Swift on a queue, not code
/// in a signal handler. ``cancel()`` restores the defaults.
final class InterruptCleanup {
    private let signals = TerminationSignals()

    init(_ cleanUp: @escaping @Sendable () -> Void) {
        signals.handle { number in
            cleanUp()
            SystemCall.exit(128 + number)
        }
    }

    /// Stops handling the signals.
    func cancel() {
        signals.cancel()
    }
}
