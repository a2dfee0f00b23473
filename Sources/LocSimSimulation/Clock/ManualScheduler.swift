/// A virtual clock with a work queue, in the manner of NIO's `EmbeddedEventLoop`: nothing runs
/// until ``advance(to:)``, which runs every due item synchronously in time order — ties broken by
/// the order they were scheduled — moving ``now`` to each item's instant as it runs.
///
/// Work may schedule more work, including at the current instant (it runs within the same
/// `advance`, after the items already due then) or in the past (treated as now). Not thread-safe
/// by design: a replay's pipeline is single-threaded and owns its scheduler; run parallel replays
/// with one scheduler each. The stored state is `@exclusivity(unchecked)`: no access to it spans
/// a call into work items, and a replay calls ``advance(to:)`` at least once per fix, where the
/// dynamic checks cost more than the rest of the call.
public final class ManualScheduler {
    /// Identifies scheduled work, for ``cancel(_:)``.
    public struct WorkID: Hashable, Sendable {
        fileprivate let sequence: UInt64
    }

    private struct Entry {
        var time: Double
        var sequence: UInt64

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    /// The current virtual instant, seconds.
    @exclusivity(unchecked) public private(set) var now: Double
    @exclusivity(unchecked) private var heap: [Entry] = []
    @exclusivity(unchecked) private var work: [UInt64: () -> Void] = [:]
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0

    /// A scheduler whose clock starts at `now` (default 0).
    public init(now: Double = 0) {
        self.now = now
    }

    /// Schedules `body` to run at instant `time` (or now, if `time` is earlier or not a number).
    @discardableResult
    public func schedule(at time: Double, _ body: @escaping () -> Void) -> WorkID {
        let sequence = nextSequence
        nextSequence += 1
        let instant = time >= now ? time : now
        work[sequence] = body
        push(Entry(time: instant, sequence: sequence))
        return WorkID(sequence: sequence)
    }

    /// Schedules `body` to run `delay` seconds from now.
    @discardableResult
    public func schedule(after delay: Double, _ body: @escaping () -> Void) -> WorkID {
        schedule(at: now + delay, body)
    }

    /// Cancels scheduled work; cancelling work that already ran (or twice) does nothing.
    public func cancel(_ id: WorkID) {
        work[id.sequence] = nil
    }

    /// The instant of the earliest pending (not cancelled) work.
    public var nextDeadline: Double? {
        while let top = heap.first, work[top.sequence] == nil { _ = pop() }
        return heap.first?.time
    }

    /// Whether any work is pending.
    public var isIdle: Bool { nextDeadline == nil }

    /// Runs all work due at or before `time`, in time order, then sets ``now`` to `time`
    /// (time never goes backwards: an earlier `time` runs what is due now and leaves `now` as is).
    public func advance(to time: Double) {
        let target = time >= now ? time : now
        // The common case in a replay: nothing due. One comparison, no heap traffic.
        guard let first = heap.first, first.time <= target else {
            now = target
            return
        }
        while let top = heap.first, top.time <= target {
            _ = pop()
            guard let body = work.removeValue(forKey: top.sequence) else { continue }
            now = top.time
            body()
        }
        now = target
    }

    /// Advances the clock by `delta` seconds.
    public func advance(by delta: Double) {
        advance(to: now + delta)
    }

    /// Runs work until none is left, moving the clock to each item's instant; returns the number
    /// of items run. `limit` bounds the count, so self-rescheduling work cannot loop forever.
    @discardableResult
    public func runUntilIdle(limit: Int = .max) -> Int {
        var count = 0
        while count < limit, let deadline = nextDeadline {
            let top = pop()
            if let body = work.removeValue(forKey: top.sequence) {
                now = deadline
                body()
                count += 1
            }
        }
        return count
    }

    // MARK: binary heap ordered by (time, sequence)

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var first = parent
                if left < heap.count && heap[left].precedes(heap[first]) { first = left }
                if right < heap.count && heap[right].precedes(heap[first]) { first = right }
                if first == parent { break }
                heap.swapAt(parent, first)
                parent = first
            }
        }
        return top
    }
}
