import LocSimSupport

/// Text output collected in memory, for tests: run a command, then compare ``text``.
package final class MemoryOutput: TextOutput {
    package let isTerminal: Bool
    private let storage = Locked("")

    /// An empty output; `isTerminal` lets tests exercise terminal-only behaviour such as colour.
    package init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    /// Everything written so far.
    package var text: String {
        storage.withLock { $0 }
    }

    package func write(_ text: TerminalText) {
        storage.withLock { $0 += text.rendered }
    }

    package func flush() {}
}
