import Foundation

/// The task executor a replay runs services' async code on: a queue of jobs that the waiting
/// thread runs itself. ``runBlocking(seconds:_:)`` starts the operation as a task that prefers
/// this executor and then runs queued jobs on the calling thread until the operation is done,
/// sleeping on a condition (no spinning) while nothing is queued. A job resumed from another
/// thread (a URLSession completion, a timer) is queued here and runs on the waiting thread.
///
/// So a service's code runs on the replay's thread, in a deterministic order, and may post
/// notifications that other services handle: a nested ``runBlocking(seconds:_:)`` keeps
/// running the same queue. Code isolated to another actor (the main actor) runs there instead.
///
/// `@unchecked Sendable`: `jobs` and `head` are guarded by `condition`.
package final class ServiceExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `operation` to completion on the calling thread, or gives up after `seconds` of
    /// wall-clock time (`nil`: the operation is cancelled and abandoned).
    package func runBlocking<T: Sendable>(
        seconds: Double, _ operation: @escaping @Sendable () async throws -> T
    ) -> Result<T, any Error>? {
        let outcome = Outcome<T>()
        let task = Task(executorPreference: self) {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            self.finish(outcome, with: result)
        }
        let deadline = Date(timeIntervalSinceNow: max(0, seconds))
        condition.lock()
        while outcome.value == nil {
            if head < jobs.count {
                let job = jobs[head]
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                }
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                condition.lock()
                if Date() >= deadline, outcome.value == nil { break }
            } else if !condition.wait(until: deadline) {
                break
            }
        }
        let value = outcome.value
        condition.unlock()
        if value == nil { task.cancel() }
        return value
    }

    private func finish<T>(_ outcome: Outcome<T>, with result: Result<T, any Error>) {
        condition.lock()
        outcome.value = result
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs already queued (work left behind by an abandoned or finished operation), without waiting.
    package func runPending() {
        condition.lock()
        while head < jobs.count {
            let job = jobs[head]
            head += 1
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
        }
        jobs.removeAll(keepingCapacity: true)
        head = 0
        condition.unlock()
    }

    /// Runs `operation` as a task of its own; the first of its result or the deadline wins. A
    /// hung operation is cancelled and left behind; ``ProviderFailure`` `timed_out` is thrown.
    func race<T: Sendable>(
        seconds: Double, provider: String, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let claim = Claim()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let work = Task(executorPreference: self) { try await operation() }
            let timer = Task(executorPreference: self) {
                try await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 1e9) * 1e9))
                if claim.take() {
                    work.cancel()
                    continuation.resume(
                        throwing: ProviderFailure(
                            provider: provider, code: "timed_out",
                            message: "no answer within \(Self.secondsText(seconds)) s (wall clock); the run goes on"))
                }
            }
            Task(executorPreference: self) {
                let result = await work.result
                guard claim.take() else { return }
                timer.cancel()
                continuation.resume(with: result)
            }
        }
    }

    /// `30`, `0.5`: seconds as messages print them.
    package static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}

/// The result slot of one ``ServiceExecutor/runBlocking(seconds:_:)``. `@unchecked Sendable`:
/// `value` is only touched under the executor's `condition`.
private final class Outcome<T>: @unchecked Sendable {
    var value: Result<T, any Error>?
}

/// Who resumes a continuation first. `@unchecked Sendable`: `taken` is guarded by `lock`.
private final class Claim: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false

    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if taken { return false }
        taken = true
        return true
    }
}
