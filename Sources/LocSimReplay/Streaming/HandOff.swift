import Foundation

/// A bounded first-in, first-out hand-over from one producing thread to one consuming thread.
///
/// `send` waits while `capacity` items are waiting; `receive` waits while none is, and returns
/// `nil` once the producer has called `close()` and everything sent has been received. Items are
/// meant to be batches: each hand-over takes a lock and may wake the other side.
final class HandOff<Element: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private var cancelled = false
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    /// Appends `item`, first waiting for room; `false` (and nothing sent) once the consumer
    /// has cancelled.
    @discardableResult
    func send(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !cancelled { condition.wait() }
        if cancelled { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The consumer wants no more: waiting items are dropped and every later `send` fails at once.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        closed = true
        items = []
        condition.broadcast()
    }

    /// No more items will be sent.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// The oldest item not yet received, waiting for one; `nil` after `close()` once all are.
    func receive() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }
}
