/// Where a command writes text: standard output, standard error, or memory in tests.
public protocol TextOutput: Sendable {
    /// Whether the text reaches a terminal (colour and progress output depend on it).
    var isTerminal: Bool { get }
    /// Appends `text` as UTF-8.
    func write(_ text: String)
    /// Hands buffered text to its destination. ``LocSim/run(arguments:commands:context:)`` calls
    /// it before returning.
    func flush()
}
