import LocSimSupport

/// Text output collected in memory, for tests: run a command, then compare ``text``.
public final class MemoryOutput: TextOutput {
    public let isTerminal: Bool
    private let storage = Locked("")

    /// An empty output; `isTerminal` lets tests exercise terminal-only behaviour such as colour.
    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    /// Everything written so far.
    public var text: String {
        storage.withLock { $0 }
    }

    public func write(_ text: TerminalText) {
        storage.withLock { $0 += text.rendered }
    }

    public func flush() {}
}
