import LocSimSupport

/// Why a `scenario.json` could not be read: every problem found, each naming the file and either
/// the key path or the line and column (compiler style, so editors can jump to it).
///
/// ```
/// Recordings/franklin-la/scenario.json: error: unknown key 'engine.distanceFiltr' (did you mean 'distanceFilter'?)
/// Recordings/franklin-la/scenario.json:3:17: error: expected ',' or '}'
/// ```
/// The CLI exits with ``exitCode`` (65, invalid input data).
public struct ScenarioFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem in the file.
    public struct Diagnostic: Sendable, Hashable {
        /// The key path (`engine.distanceFilter`, `providers[1]`), or `nil` for the file as a whole.
        public var keyPath: String?
        /// The human message, which quotes the key path when there is one.
        public var message: String
        /// 1-based line of a JSON syntax error, or of the value at fault inside a setting
        /// (an `events` element's `kind`).
        public var line: Int?
        /// 1-based column of the same.
        public var column: Int?

        public init(keyPath: String?, message: String, line: Int? = nil, column: Int? = nil) {
            self.keyPath = keyPath
            self.message = message
            self.line = line
            self.column = column
        }
    }

    /// The file as shown to people (`Recordings/franklin-la/scenario.json`).
    public var file: String
    /// The problems, in a stable order (keys are checked in byte order, depth first).
    public var diagnostics: [Diagnostic]

    /// `EX_DATAERR`: the exit status for an invalid scenario.
    public var exitCode: Int32 { 65 }

    public init(file: String, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    /// One `file[:line:column]: error: message` line per diagnostic, without a final newline
    /// (the file and the message, which quotes keys from the file, escaped: one line each).
    public var description: String {
        diagnostics.map { diagnostic in
            var place = TerminalEscaping.escape(file)
            if let line = diagnostic.line, let column = diagnostic.column { place += ":\(line):\(column)" }
            return "\(place): error: \(TerminalEscaping.escape(diagnostic.message))"
        }.joined(separator: "\n")
    }
}
