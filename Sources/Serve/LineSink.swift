import Foundation
import Synchronization

/// Hands log lines from the connection threads to one writer thread, so a slow or shared output
/// (standard error behind its own lock) never serialises the connections. A connection only
/// appends to a buffer; the writer sleeps on a semaphore until there is something to write and
/// passes each batch on as one text of newline-separated lines. ``drain()`` writes what is left.
final class LineSink: Sendable {
    private struct State {
        var pending: [String] = []
        var closed = false
    }

    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
        let thread = Thread { [self] in run() }
        thread.name = "locsim.serve.log"
        thread.start()
    }

    func append(_ line: String) {
        let wake = state.withLock { state in
            state.pending.append(line)
            return state.pending.count == 1
        }
        if wake { ready.signal() }
    }

    /// Writes every line appended so far and stops the writer; later lines are written at once.
    func drain() {
        let wasClosed = state.withLock { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !wasClosed else { return }
        ready.signal()
        finished.wait()
    }

    private func run() {
        while true {
            ready.wait()
            let (batch, closed) = state.withLock { state in
                defer { state.pending.removeAll(keepingCapacity: true) }
                return (state.pending, state.closed)
            }
            if !batch.isEmpty { write(batch.joined(separator: "\n")) }
            if closed {
                finished.signal()
                return
            }
        }
    }
}
