/// Checks GPX files and reports every problem, not just the first.
///
/// Data errors (a missing or non-numeric coordinate, an unparseable `<time>`) are reported and
/// the parse goes on; the offending point is left out of the time checks. What a replay accepts
/// and repairs (a track time stepping back, unpadded times, an out-of-range latitude, no points
/// at all, long gaps, repeated times) is a warning, one per kind with a count, or with
/// `options.strict` an error. Malformed XML ends the parse, since nothing after it can be
/// trusted: that one error is reported. Memory stays flat: nothing but the diagnostics is kept,
/// and those are capped.
public struct GPXValidator: Sendable {
    public var options: GPXReaderOptions

    public init(options: GPXReaderOptions = .init()) {
        self.options = options
    }

    /// Validates the file at `path` (printed verbatim in diagnostics).
    public func validate(fileAt path: String) -> GPXValidation {
        validate(.file(path: path), path: path)
    }

    /// Validates the file at `path` in one pass, lending `body` each point that a replay would
    /// read (a pipe or device can be read only once: `locsim validate` measures its length this
    /// way, never holding the input in memory).
    public func validate(fileAt path: String, _ body: (borrowing GPXPoint) -> Void) -> GPXValidation {
        let outcome = withoutActuallyEscaping(body) { escapable in
            GPXParseSession.run(.file(path: path), path: path, options: options, collectsAll: true) {
                escapable($0.pointee)
            }
        }
        return GPXValidation(
            file: path, summary: outcome.summary, diagnostics: outcome.diagnostics, warnings: outcome.warnings)
    }

    /// Validates a document held in memory; `path` only names it in diagnostics.
    public func validate(bytes: [UInt8], path: String) -> GPXValidation {
        validate(.bytes(bytes), path: path)
    }

    private func validate(_ source: XMLByteSource, path: String) -> GPXValidation {
        let outcome = GPXParseSession.run(source, path: path, options: options, collectsAll: true, deliver: nil)
        return GPXValidation(
            file: path, summary: outcome.summary, diagnostics: outcome.diagnostics, warnings: outcome.warnings)
    }
}
