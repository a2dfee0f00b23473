import LocSimHTTPRecording
import LocSimSupport

/// The requests answered so far, for `/__locsim/requests`: the most recent `capacity` entries
/// holding at most `maxBytes` of text between them (so memory stays flat however long the server
/// runs and however long its targets are), and the total count.
final class RequestLog: Sendable {
    private struct State {
        /// Kept entries from `first` on (the ones before it are evicted, removed in bulk).
        var entries: [ServeLogEntry] = []
        var first = 0
        var bytes = 0
        var total = 0

        var count: Int { entries.count - first }
    }

    let capacity: Int
    let maxBytes: Int
    private let state = Locked(State())

    init(capacity: Int, maxBytes: Int = 16 << 20) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// What an entry is counted as against ``maxBytes``: its strings plus a fixed overhead.
    static func size(of entry: ServeLogEntry) -> Int {
        128 + entry.method.utf8.count + entry.path.utf8.count + (entry.url?.utf8.count ?? 0)
            + (entry.interaction?.source.utf8.count ?? 0)
    }

    func append(_ entry: ServeLogEntry) {
        let size = Self.size(of: entry)
        state.withLock { state in
            state.total += 1
            while state.count > 0, state.count >= capacity || state.bytes + size > maxBytes {
                state.bytes -= Self.size(of: state.entries[state.first])
                state.first += 1
            }
            if state.first > 0, state.first >= state.entries.count / 2 {
                state.entries.removeFirst(state.first)
                state.first = 0
            }
            guard size <= maxBytes else { return }
            state.entries.append(entry)
            state.bytes += size
        }
    }

    /// The kept entries, oldest first, and how many were logged in all.
    var snapshot: (entries: [ServeLogEntry], total: Int) {
        state.withLock { state in (Array(state.entries[state.first...]), state.total) }
    }

    /// How many entries were logged in all.
    var total: Int { state.withLock { $0.total } }

    /// The bytes the kept entries count for (at most ``maxBytes``).
    var keptBytes: Int { state.withLock { $0.bytes } }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}
