/// A file an ``AtomicFileWriter`` could not write; the old file, if any, is unchanged.
public struct AtomicWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination path.
    public var path: String
    /// The step that failed (`rename failed`, `cannot create a temporary file in Recordings`).
    public var step: String
    /// The `errno` value; 0 when the step says it all (a refusal, not a failed call).
    public var code: Int32

    public init(path: String, step: String, code: Int32) {
        self.path = path
        self.step = step
        self.code = code
    }

    /// The step and the C library's words for the error: `rename failed: Input/output error`.
    public var reason: String { code == 0 ? step : "\(step): \(SystemCall.errorText(code))" }

    /// `cannot write PATH: REASON`, on one line (the path's control characters escaped).
    public var description: String {
        "cannot write \(TerminalEscaping.escape(path)): \(TerminalEscaping.escape(reason))"
    }
}
