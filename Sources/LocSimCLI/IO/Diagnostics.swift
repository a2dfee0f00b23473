import LocSimSupport

/// Compiler-style `error:`/`warning:`/`note:` lines on standard error.
///
/// `diagnostics.error("missing attribute 'lat'", at: "Waypoints/x.gpx:12:5")` prints
/// `Waypoints/x.gpx:12:5: error: missing attribute 'lat'`. The severity (and location) are
/// coloured with ANSI escapes only when the output is a terminal, `NO_COLOR` is unset or empty
/// (no-color.org) and `TERM` is not `dumb`.
package struct Diagnostics: Sendable {
    /// How serious a diagnostic is; the raw value is the word printed.
    package enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note

        var colorCode: String {
            switch self {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;35m"
            case .note: "\u{1B}[1;36m"
            }
        }
    }

    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"

    package let output: any TextOutput
    /// Whether lines carry ANSI colour.
    package let usesColor: Bool

    package init(output: any TextOutput, environment: [String: String]) {
        self.output = output
        self.usesColor = Self.colorIsEnabled(isTerminal: output.isTerminal, environment: environment)
    }

    /// Whether colour suits an output: a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`.
    package static func colorIsEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Prints `[location: ]error: message`.
    package func error(_ message: String, at location: String? = nil) {
        emit(.error, message, at: location)
    }

    /// Prints `[location: ]warning: message`.
    package func warning(_ message: String, at location: String? = nil) {
        emit(.warning, message, at: location)
    }

    /// Prints `[location: ]note: message`.
    package func note(_ message: String, at location: String? = nil) {
        emit(.note, message, at: location)
    }

    /// The line `emit` prints, newline included.
    /// Control characters in the location (a file name) and the message are shown as escapes
    /// (``TerminalEscaping``); the message keeps its line breaks.
    package func line(_ severity: Severity, _ message: String, at location: String? = nil) -> String {
        let message = TerminalEscaping.escape(message, keepingNewlines: true)
        let location = location.map { TerminalEscaping.escape($0) }
        let place = location.map { usesColor ? "\(Self.bold)\($0):\(Self.reset) " : "\($0): " } ?? ""
        let label = usesColor ? "\(severity.colorCode)\(severity.rawValue):\(Self.reset)" : "\(severity.rawValue):"
        return "\(place)\(label) \(message)\n"
    }

    /// Prints one diagnostic line.
    package func emit(_ severity: Severity, _ message: String, at location: String? = nil) {
        output.write(line(severity, message, at: location))
    }
}
