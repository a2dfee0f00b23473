package import LocSimHTTPRecording
import LocSimSupport

/// Text output with every secret value replaced by its placeholder before it is written
/// (``Redactor/redactText(_:)``): a key a provider echoes back (in a JSON value, percent-encoded,
/// base64, with `\u` escapes) never reaches the terminal, a pipe or a log. ``LocSim/run(arguments:commands:context:)``
/// wraps standard output and standard error in it, so the transcript, the text timeline and
/// every message pass through the same redaction. Commands write whole lines, so a value is
/// never split between two writes.
package struct RedactingTextOutput: TextOutput {
    /// Where the redacted text goes.
    package let base: any TextOutput
    /// The secrets of the run (``CommandContext/redactor``).
    package let redactor: Redactor

    package init(base: any TextOutput, redactor: Redactor) {
        self.base = base
        self.redactor = redactor
    }

    package var isTerminal: Bool { base.isTerminal }
    package var writeError: String? { base.writeError }

    package func write(_ text: TerminalText) {
        base.write(text.mapRendered(redactor.redactText))
    }

    package func flush() {
        base.flush()
    }
}
