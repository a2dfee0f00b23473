import Dispatch

/// A task executor that runs one job at a time, on one serial queue. Child tasks that prefer it
/// (`withTaskExecutorPreference`) share a single thread: a call that blocks its thread stops all
/// of them, while calls that suspend overlap. A test uses it to show an `async` call does not
/// block (``Gathering`` on the server side sees every request at once).
@available(macOS 15, iOS 18, *)
package final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: the serial queue is the only state, and it is thread-safe.
    private let queue = DispatchQueue(label: "locsim.testing.one-thread")

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
