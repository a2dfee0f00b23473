import LocSimSupport

/// The requests answered so far, for `/__locsim/requests`: the most recent `capacity` entries
/// (so memory stays flat however long the server runs) and the total count.
final class RequestLog: Sendable {
    private struct State {
        var entries: [ServeLogEntry] = []
        var next = 0
        var total = 0
    }

    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    func append(_ entry: ServeLogEntry) {
        state.withLock { state in
            if state.entries.count < capacity {
                state.entries.append(entry)
            } else {
                state.entries[state.next] = entry
                state.next = (state.next + 1) % capacity
            }
            state.total += 1
        }
    }

    /// The kept entries, oldest first, and how many were logged in all.
    var snapshot: (entries: [ServeLogEntry], total: Int) {
        state.withLock { state in
            (Array(state.entries[state.next...] + state.entries[..<state.next]), state.total)
        }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}
