import LocSimSupport

/// Where a command writes text: standard output, standard error, or memory in tests.
///
/// It takes only ``TerminalText``, the one rendering path for what a person reads: what locsim
/// writes itself is kept, every value interpolated into it is shown escaped, line feeds
/// included, so no command can send a name's control characters or forge a line.
package protocol TextOutput: Sendable {
    /// Whether the text reaches a terminal (colour and progress output depend on it).
    var isTerminal: Bool { get }
    /// Appends `text` as UTF-8.
    func write(_ text: TerminalText)
    /// Hands buffered text to its destination. ``LocSim/run(arguments:commands:context:)`` calls
    /// it before returning.
    func flush()
    /// Why text written so far did not all arrive (`No space left on device`, a short write), or
    /// `nil`. Once set, later text is dropped; ``LocSim/run(arguments:commands:context:)`` turns
    /// a failed standard output into exit status 74.
    var writeError: String? { get }
}

extension TextOutput {
    /// Appends `text` whose line feeds are its line structure (``TerminalText/init(lines:)``):
    /// a report assembled as a `String`, a machine format.
    package func write(lines text: String) {
        write(TerminalText(lines: text))
    }

    /// Outputs that cannot fail (memory) never report an error.
    package var writeError: String? { nil }
}
