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

        /// The SGR parameters of its colour (bold red, magenta, cyan).
        var colorParameters: String {
            switch self {
            case .error: "1;31"
            case .warning: "1;35"
            case .note: "1;36"
            }
        }
    }

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
    package func error(_ message: TerminalText, at location: String? = nil) {
        emit(.error, message, at: location)
    }

    /// Prints `[location: ]warning: message`.
    package func warning(_ message: TerminalText, at location: String? = nil) {
        emit(.warning, message, at: location)
    }

    /// Prints `[location: ]note: message`.
    package func note(_ message: TerminalText, at location: String? = nil) {
        emit(.note, message, at: location)
    }

    /// The line `emit` prints, newline included. The location (a file name) is outside text,
    /// shown with its control characters escaped; so is every value interpolated into the
    /// message (``TerminalText``).
    package func line(_ severity: Severity, _ message: TerminalText, at location: String? = nil) -> TerminalText {
        let place: TerminalText = location.map { usesColor ? .styled("\($0):", "1") + " " : "\($0): " } ?? ""
        let label: TerminalText =
            usesColor ? .styled("\(severity.rawValue):", severity.colorParameters) : "\(severity.rawValue):"
        return "\(place)\(label) \(message)\n"
    }

    /// Prints one diagnostic line.
    package func emit(_ severity: Severity, _ message: TerminalText, at location: String? = nil) {
        output.write(line(severity, message, at: location))
    }
}
