import LocSimSupport

/// Text for a person to read (a terminal, a log), as the one thing ``TextOutput`` writes: the
/// line feeds locsim writes itself (in the literal parts of `"\(name): valid\n"`) are kept, and
/// so are its colours and progress line (``styled(_:_:)``, ``clearLine``); every other control
/// character is shown through ``TerminalEscaping``, and a value interpolated into the text has
/// its line feeds shown too, so a file name, URL or header cannot send a control sequence or
/// start a line of its own (`bad\nFORGED: valid.gpx` prints as one line).
///
/// Text whose line breaks are its own structure (a JSON Lines transcript, an exported file, a
/// library's multi-line message) is ``init(lines:)``: every control but the line feed escaped.
package struct TerminalText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text as it is written: every control character in it is one locsim put there.
    package private(set) var rendered: String

    package init(stringLiteral value: String) {
        rendered = TerminalEscaping.escape(value, keepingNewlines: true)
    }

    package init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.rendered
    }

    /// `text` whose line feeds are its line structure; its other control characters are escaped.
    package init(lines text: String) {
        rendered = TerminalEscaping.escape(text, keepingNewlines: true)
    }

    /// `value` as one piece of outside text: every control character escaped, line feeds too.
    package init(_ value: some CustomStringConvertible) {
        rendered = TerminalEscaping.escape(value.description)
    }

    private init(rendered: String) {
        self.rendered = rendered
    }

    /// The text with `transform` applied to what is written, for a transform that adds no
    /// control character (redaction, which puts `<NAME>` placeholders in place of secrets).
    func mapRendered(_ transform: (String) -> String) -> TerminalText {
        TerminalText(rendered: transform(rendered))
    }

    package var description: String { rendered }

    package static func + (left: TerminalText, right: TerminalText) -> TerminalText {
        TerminalText(rendered: left.rendered + right.rendered)
    }

    package static func += (left: inout TerminalText, right: TerminalText) {
        left.rendered += right.rendered
    }

    /// `text` in a colour or weight (SGR parameters such as `1;31`, bold red), reset after it.
    package static func styled(_ text: TerminalText, _ parameters: String) -> TerminalText {
        TerminalText(rendered: "\u{1B}[\(parameters)m" + text.rendered + "\u{1B}[0m")
    }

    /// Back to the start of the line and erase it: how a progress line is redrawn in place.
    package static let clearLine = TerminalText(rendered: "\r\u{1B}[K")

    /// Whether the text is empty.
    package var isEmpty: Bool { rendered.isEmpty }

    package struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var rendered = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// locsim's own text: its line feeds are kept (any other control is escaped too; the
        /// only controls sent are ``TerminalText/styled(_:_:)`` and ``TerminalText/clearLine``).
        package mutating func appendLiteral(_ literal: String) {
            rendered += TerminalEscaping.escape(literal, keepingNewlines: true)
        }

        /// A value from outside: every control character escaped, line feeds too.
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            rendered += TerminalEscaping.escape(value.description)
        }

        /// An error's description, as outside text.
        package mutating func appendInterpolation(_ error: any Error) {
            rendered += TerminalEscaping.escape(String(describing: error))
        }

        /// Text already made safe, kept as it is.
        package mutating func appendInterpolation(_ text: TerminalText) {
            rendered += text.rendered
        }

        /// Text whose line feeds are its structure (see ``TerminalText/init(lines:)``).
        package mutating func appendInterpolation(lines text: String) {
            rendered += TerminalEscaping.escape(text, keepingNewlines: true)
        }
    }
}
