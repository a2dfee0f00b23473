import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancels the live request a recording URLProtocol's loader thread waits on: the loader binds
/// one to ``current`` around its (blocking) exchange, and ``URLSessionHTTPClient`` registers its
/// data task with it. Cancelling ends that request (nothing is recorded for it); a time-out does
/// the same and says so. No task or pool is involved: the exchange stays on the loader's thread.
///
/// `@unchecked Sendable`: its three stored properties are read and written under `lock` only.
final class LiveCancellation: @unchecked Sendable {
    /// The cancellation of the exchange running on this thread, if any.
    @TaskLocal static var current: LiveCancellation?

    private let lock = NSLock()
    private var cancelled = false
    private var expired = false
    private var task: URLSessionTask?

    /// Whether the request was ended by ``timeOut()``.
    var timedOut: Bool { lock.withLock { expired } }

    /// The data task to cancel; cancelled at once if the exchange was cancelled already.
    func register(_ task: URLSessionTask) {
        let late = lock.withLock {
            self.task = task
            return cancelled
        }
        if late { task.cancel() }
    }

    /// Cancels the request (now or, if not started yet, when it registers).
    func cancel() {
        let running = lock.withLock {
            cancelled = true
            return task
        }
        running?.cancel()
    }

    /// Cancels the request because its time ran out.
    func timeOut() {
        lock.withLock { expired = !cancelled }
        cancel()
    }
}
