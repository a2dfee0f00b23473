import Dispatch
import Foundation

/// Maps `0..<count` on `jobs` worker threads (exactly that many run at once, whatever the number
/// of cores), returning results in index order. With one job it runs on the calling thread.
func parallelMap<Result: Sendable>(
    count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> Result
)
    -> [Result]
{
    let jobs = max(1, min(jobs, count))
    guard jobs > 1 else { return (0..<count).map(transform) }
    let state = ParallelState<Result>(count: count)
    let group = DispatchGroup()
    for _ in 0..<jobs {
        group.enter()
        let worker = Thread {
            while let index = state.nextIndex() {
                state.store(transform(index), at: index)
            }
            group.leave()
        }
        worker.start()
    }
    group.wait()
    return state.results()
}

/// The work queue and result slots shared by the workers of ``parallelMap(count:jobs:_:)``.
/// `@unchecked Sendable`: every access to `next` and `slots` holds `lock`.
private final class ParallelState<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var slots: [Result?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    func results() -> [Result] {
        lock.withLock { slots.map { $0! } }
    }
}
