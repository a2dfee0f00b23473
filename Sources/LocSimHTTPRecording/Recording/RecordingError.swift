import LocSimSupport

/// Why a recording session could not start or could not write its cassette.
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A cassette could not be read or written (missing, broken, I/O).
    case cassette(CassetteError)
    /// Nothing was written to `path` because secret values survived redaction. The leaks name
    /// variables and places, never values.
    case secretLeak(path: String, leaks: [SecretLeak])
    /// The options contradict each other (recording without live access).
    case configuration(String)
    /// Another process is recording into the same cassette (``CassetteLock``).
    case busy(CassetteLock.Busy)

    public var description: String {
        switch self {
        case .cassette(let error): return error.description
        case .secretLeak(let path, let leaks):
            let places = leaks.map { "  \(TerminalEscaping.escape($0.description))" }.joined(separator: "\n")
            return
                "\(TerminalEscaping.escape(path)): error: refusing to write the cassette: secret values survived redaction "
                + "(nothing was written; the old file, if any, is unchanged)\n\(places)"
        case .configuration(let message): return "error: \(TerminalEscaping.escape(message))"
        case .busy(let busy): return busy.description
        }
    }
}
