import Foundation
public import LocSimSimulation
public import LocSimSupport

extension ReplayRunner {
    /// Replays the GPX file at `path` on a thread of its own and returns the transcript lines and
    /// the summary: the form to call from async code (Swift Testing, an app's test).
    ///
    /// The synchronous ``run(gpxPath:displayPath:rawFix:sink:)`` blocks its caller until the
    /// replay ends; called from a task, that is a thread of the shared cooperative pool, which
    /// services that hop to it (`Task.detached`) may then wait for. This form suspends instead.
    public func run(
        gpxPath path: String, displayPath: String? = nil
    ) async throws(ReplayError) -> (
        lines: [TranscriptLine], summary: ReplaySummary
    ) {
        let result: Result<([TranscriptLine], ReplaySummary), ReplayError> = await OwnThread.run {
            var lines: [TranscriptLine] = []
            do throws(ReplayError) {
                let summary = try self.run(gpxPath: path, displayPath: displayPath) { lines.append($0) }
                return .success((lines, summary))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Runs blocking work on a new thread and suspends the caller until it is done.
package enum OwnThread {
    /// While `run`'s body runs on its thread: whether the task awaiting it was cancelled.
    @TaskLocal static var cancellation: Locked<Bool>?

    /// Whether the task awaiting the ``run(_:)`` this thread serves was cancelled (false
    /// elsewhere): a replay stops at its next step.
    package static var isCancelled: Bool { cancellation?.withLock { $0 } ?? false }

    /// `body`'s result, computed on a thread of its own (not one of the cooperative pool's);
    /// cancelling the awaiting task sets ``isCancelled`` on that thread.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        let cancelled = Locked(false)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(returning: OwnThread.$cancellation.withValue(cancelled) { body() })
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }
}
