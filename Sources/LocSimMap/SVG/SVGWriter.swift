import LocSimSupport

/// Builds SVG text one element per line, two spaces of indentation per level, attributes in the
/// order given: the same input always gives the same bytes. Every text and attribute value goes
/// through `redact` first and is XML-escaped after, so a placeholder (`<AERIS_CLIENT_ID>`) is
/// escaped like any other text.
struct SVGWriter {
    private(set) var output = ""
    private var depth = 0
    private let redact: @Sendable (String) -> String

    /// A writer whose first element sits `depth` levels deep (a part appended to another writer).
    init(depth: Int = 0, redact: @escaping @Sendable (String) -> String = { $0 }) {
        self.depth = depth
        self.redact = redact
        output.reserveCapacity(1 << 16)
    }

    /// Appends what another writer wrote.
    mutating func append(_ other: SVGWriter) {
        output += other.output
    }

    /// Appends a raw line (the XML declaration).
    mutating func line(_ text: String) {
        indent()
        output += text
        output += "\n"
    }

    /// Opens an element that will hold children.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        output += "<" + name
        appendAttributes(attributes)
        output += ">\n"
        depth += 1
    }

    /// Closes the element opened last.
    mutating func close(_ name: String) {
        depth -= 1
        indent()
        output += "</" + name + ">\n"
    }

    /// An element without children, or with text content.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
        indent()
        output += "<" + name
        appendAttributes(attributes)
        if let text {
            output += ">" + XMLEscaping.escape(redact(text)) + "</" + name + ">\n"
        } else {
            output += "/>\n"
        }
    }

    private mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (key, value) in attributes {
            output += " " + key + "=\"" + XMLEscaping.escape(redact(value)) + "\""
        }
    }

    private mutating func indent() {
        output += String(repeating: "  ", count: depth)
    }
}
