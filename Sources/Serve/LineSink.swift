import Foundation
import LocSimSupport

/// Hands log lines from the connections to one writer thread, so a slow or shared output
/// (standard error behind its own lock) never serialises the connections. A connection only
/// appends to a buffer. The writer sleeps on a semaphore while there is nothing to write (an
/// append wakes it only then); after writing a batch, as one text of newline-separated lines,
/// it lets the next batch gather for ``gatherMicroseconds``, so a busy server wakes it a few
/// hundred times a second rather than once a request. ``drain()`` writes what is left.
final class LineSink: Sendable {
    private struct State {
        var pending: [String] = []
        var closed = false
        /// The writer waits on `ready`: the next append signals it.
        var sleeping = false
    }

    /// How long the writer lets lines gather after writing a batch.
    static let gatherMicroseconds: UInt32 = 2_000

    private let write: @Sendable (String) -> Void
    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
        let thread = Thread { [self] in run() }
        thread.name = "locsim.serve.log"
        thread.start()
    }

    /// Queues `line` (written at once after ``drain()``).
    func append(_ line: String) {
        let (wake, closed) = state.withLock { state in
            guard !state.closed else { return (false, true) }
            state.pending.append(line)
            defer { state.sleeping = false }
            return (state.sleeping, false)
        }
        if closed { write(line) }
        if wake { ready.signal() }
    }

    /// Writes every line appended so far and stops the writer.
    func drain() {
        let (wasClosed, wasSleeping) = state.withLock { state in
            defer {
                state.closed = true
                state.sleeping = false
            }
            return (state.closed, state.sleeping)
        }
        guard !wasClosed else { return }
        if wasSleeping { ready.signal() }
        finished.wait()
    }

    private func run() {
        #if canImport(Glibc)
            // Writing log lines never preempts serving: on Linux the nice value is per thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
        while true {
            let (batch, closed) = state.withLock { state in
                if state.pending.isEmpty, !state.closed { state.sleeping = true }
                defer { state.pending.removeAll(keepingCapacity: true) }
                return (state.pending, state.closed)
            }
            if !batch.isEmpty { write(batch.joined(separator: "\n")) }
            if closed {
                finished.signal()
                return
            }
            if batch.isEmpty { ready.wait() } else { usleep(Self.gatherMicroseconds) }
        }
    }
}
