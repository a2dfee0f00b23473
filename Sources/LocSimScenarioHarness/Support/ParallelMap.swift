import Dispatch
import Foundation
import LocSimSupport

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
private final class ParallelState<Result: Sendable>: Sendable {
    private struct State {
        var next = 0
        var slots: [Result?]
    }

    private let count: Int
    private let state: Locked<State>

    init(count: Int) {
        self.count = count
        state = Locked(State(slots: Array(repeating: nil, count: count)))
    }

    func nextIndex() -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func store(_ result: Result, at index: Int) {
        state.withLock { $0.slots[index] = result }
    }

    func results() -> [Result] {
        state.withLock { $0.slots.map { $0! } }
    }
}
