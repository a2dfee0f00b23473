import Synchronization

/// The bytes of request bodies being received at once, across every connection of a server
/// (``ServeLimits/maxPendingBodyBytes``): each connection may send up to its own limit, but 256
/// connections at 16 MiB each cannot take 4 GiB between them. A declared `Content-Length` is
/// taken in full from the head; a chunked body chunk by chunk. What a request took is given
/// back when its body is complete or its connection is gone.
final class BodyBudget: Sendable {
    /// What one request holds; given back when it is released or dropped.
    final class Reservation: Sendable {
        private let budget: BodyBudget
        private let bytes = Atomic(0)

        fileprivate init(budget: BodyBudget) {
            self.budget = budget
        }

        /// Takes `more` bytes; `false` (nothing taken) when the budget cannot spare them.
        func grow(by more: Int) -> Bool {
            guard more > 0 else { return true }
            guard budget.take(more) else { return false }
            bytes.add(more, ordering: .relaxed)
            return true
        }

        deinit {
            budget.give(bytes.load(ordering: .relaxed))
        }
    }

    let limit: Int
    private let used = Atomic(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes taken now.
    var inUse: Int { used.load(ordering: .relaxed) }

    /// A reservation holding nothing yet.
    func reservation() -> Reservation {
        Reservation(budget: self)
    }

    private func take(_ bytes: Int) -> Bool {
        guard used.add(bytes, ordering: .relaxed).newValue <= limit else {
            used.subtract(bytes, ordering: .relaxed)
            return false
        }
        return true
    }

    private func give(_ bytes: Int) {
        if bytes > 0 { used.subtract(bytes, ordering: .relaxed) }
    }
}
