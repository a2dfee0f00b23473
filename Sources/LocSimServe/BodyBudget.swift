import LocSimSupport

/// The bytes of request bodies being received at once, across every connection of a server
/// (``ServeLimits/maxPendingBodyBytes``): each connection may send up to its own limit, but 256
/// connections at 16 MiB each cannot take 4 GiB between them. A declared `Content-Length` is
/// taken in full from the head; a chunked body chunk by chunk. What a request took is given
/// back when its body is complete or its connection is gone.
final class BodyBudget: Sendable {
    /// What one request holds; given back when it is dropped. Owned by one connection.
    /// `@unchecked Sendable` without a lock: `bytes` is only touched by the connection's loop
    /// thread (and `deinit`); the budget it draws on locks its own `used`.
    final class Reservation: @unchecked Sendable {
        private let budget: BodyBudget
        private var bytes = 0

        fileprivate init(budget: BodyBudget) {
            self.budget = budget
        }

        /// Takes `more` bytes; `false` (nothing taken) when the budget cannot spare them.
        func grow(by more: Int) -> Bool {
            guard more > 0 else { return true }
            guard budget.take(more) else { return false }
            bytes += more
            return true
        }

        deinit {
            budget.give(bytes)
        }
    }

    let limit: Int
    /// Bytes taken now, behind the package's one lock.
    private let used = Locked(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes taken now.
    var inUse: Int { used.withLock { $0 } }

    /// A reservation holding nothing yet.
    func reservation() -> Reservation {
        Reservation(budget: self)
    }

    private func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used + bytes <= limit else { return false }
            used += bytes
            return true
        }
    }

    private func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.withLock { $0 -= bytes }
    }
}
