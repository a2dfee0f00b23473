import Foundation
import LocSimSupport

/// Hands log lines from the connections to one writer thread, so serving never waits on an
/// output: a pipe nobody reads, a terminal scrolled back, a slow disk. A connection only
/// appends to a buffer of at most ``capacityBytes``; a line that does not fit is dropped and
/// counted (``droppedLines``), so a sink that is not being drained costs neither memory nor
/// time. The writer sleeps on a semaphore while there is nothing to write (an append wakes it
/// only then); after writing a batch, as one text of newline-separated lines, it lets the next
/// batch gather for ``gatherMicroseconds``, so a busy server wakes it a few hundred times a
/// second rather than once a request. ``drain(timeout:)`` writes what is left, then one line
/// saying how many were dropped, if any, waiting no longer than it is told.
final class LineSink: Sendable {
    private struct State {
        var pending: [String] = []
        var pendingBytes = 0
        var dropped = 0
        var closed = false
        /// The writer waits on `ready`: the next append signals it.
        var sleeping = false
        /// Batches written so far: ``drain(timeout:)`` waits only while this moves.
        var written = 0
    }

    /// How long the writer lets lines gather after writing a batch.
    static let gatherMicroseconds: UInt32 = 2_000
    /// The default bound on lines waiting to be written: 1 MiB.
    static let defaultCapacityBytes = 1 << 20

    /// The most bytes of lines waiting to be written; beyond it lines are dropped.
    let capacityBytes: Int
    /// The sentence the last line gives before the count of dropped lines.
    private let droppedNote: @Sendable (Int) -> String
    private let write: @Sendable (String) -> Void
    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// A sink writing with `write` on a thread of its own. `droppedNote` is the line written
    /// at the end when lines were dropped (given their count).
    init(
        capacityBytes: Int = defaultCapacityBytes,
        droppedNote: @escaping @Sendable (Int) -> String = {
            "\($0) log line(s) dropped: the output was not being read"
        },
        write: @escaping @Sendable (String) -> Void
    ) {
        self.capacityBytes = capacityBytes
        self.droppedNote = droppedNote
        self.write = write
        let thread = Thread { [self] in run() }
        thread.name = "locsim.serve.log"
        thread.start()
    }

    /// How many lines were dropped because the output was not taking them.
    var droppedLines: Int { state.withLock { $0.dropped } }

    /// Queues `line`, or drops and counts it when ``capacityBytes`` are waiting already or the
    /// sink is drained. Never waits for the output.
    func append(_ line: String) {
        let wake = state.withLock { state -> Bool in
            let size = line.utf8.count + 1
            guard !state.closed, state.pendingBytes + size <= capacityBytes else {
                state.dropped += 1
                return false
            }
            state.pending.append(line)
            state.pendingBytes += size
            defer { state.sleeping = false }
            return state.sleeping
        }
        if wake { ready.signal() }
    }

    /// Stops taking lines and lets the writer write what is queued (and the dropped-lines note),
    /// for as long as the output takes a batch every `timeout` seconds: an output nobody reads
    /// never holds up the end, a slow file still gets every line. Returns whether everything
    /// was written.
    @discardableResult
    func drain(timeout: Double = 0.5) -> Bool {
        let (wasClosed, wasSleeping) = state.withLock { state in
            defer {
                state.closed = true
                state.sleeping = false
            }
            return (state.closed, state.sleeping)
        }
        guard !wasClosed else { return true }
        if wasSleeping { ready.signal() }
        var seen = state.withLock { $0.written }
        while finished.wait(timeout: .now() + timeout) == .timedOut {
            let now = state.withLock { $0.written }
            if now == seen { return false }
            seen = now
        }
        finished.signal()
        return true
    }

    private func run() {
        #if canImport(Glibc)
            // Writing log lines never preempts serving: on Linux the nice value is per thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
        while true {
            let (batch, closed, dropped) = state.withLock { state in
                if state.pending.isEmpty, !state.closed { state.sleeping = true }
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingBytes = 0
                }
                return (state.pending, state.closed, state.dropped)
            }
            if !batch.isEmpty {
                write(batch.joined(separator: "\n"))
                state.withLock { $0.written += 1 }
            }
            if closed {
                if dropped > 0 { write(droppedNote(dropped)) }
                finished.signal()
                return
            }
            if batch.isEmpty { ready.wait() } else { usleep(Self.gatherMicroseconds) }
        }
    }
}
