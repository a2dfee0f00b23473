import LocSimSupport

/// A cassette that cannot be used: missing, unreadable, not JSON, or not a cassette.
///
/// `description` is compiler style: `Recordings/x/cassette.json:12:5: error: expected ',' or '}'`
/// for syntax errors, `Recordings/x/cassette.json: error: interactions[2].response.status: …`
/// for shape errors. The CLI maps ``Kind/missing`` to exit 66 and the others to 65.
public struct CassetteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Hashable {
        /// The file does not exist, or is not a file to read (a FIFO, a device).
        case missing
        /// The file exists but could not be read.
        case io
        /// The file could not be written (disk full, read-only file system, no permission):
        /// nothing was written, the old file is unchanged.
        case write
        /// The text is not JSON (truncated, hand-broken).
        case syntax
        /// Valid JSON that is not a version-1 cassette.
        case shape
    }

    public var kind: Kind
    public var path: String
    /// 1-based line and column for syntax errors.
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(kind: Kind, path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// One line: the path and the reason have every control character escaped
    /// (``TerminalEscaping``), line feeds too, so a hostile file name or header cannot start a
    /// line of its own in the multi-line texts that quote this one.
    public var description: String {
        let shown = TerminalEscaping.escape(path)
        let why = TerminalEscaping.escape(reason)
        if let line, let column { return "\(shown):\(line):\(column): error: \(why)" }
        return "\(shown): error: \(why)"
    }
}
