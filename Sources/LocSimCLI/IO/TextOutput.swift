/// Where a command writes text: standard output, standard error, or memory in tests.
package protocol TextOutput: Sendable {
    /// Whether the text reaches a terminal (colour and progress output depend on it).
    var isTerminal: Bool { get }
    /// Appends `text` as UTF-8.
    func write(_ text: String)
    /// Hands buffered text to its destination. ``LocSim/run(arguments:commands:context:)`` calls
    /// it before returning.
    func flush()
    /// Why text written so far did not all arrive (`No space left on device`, a short write), or
    /// `nil`. Once set, later text is dropped; ``LocSim/run(arguments:commands:context:)`` turns
    /// a failed standard output into exit status 74.
    var writeError: String? { get }
}

extension TextOutput {
    /// Outputs that cannot fail (memory) never report an error.
    package var writeError: String? { nil }
}
