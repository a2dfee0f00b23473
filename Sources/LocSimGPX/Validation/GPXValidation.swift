/// Everything `GPXValidator` found in one file.
public struct GPXValidation: Sendable, Hashable {
    /// The path as given, printed verbatim.
    public var file: String
    /// Counts of everything met before the parse ended (all of the file unless XML was malformed).
    public var summary: GPXSummary
    /// Every error, in document order (at most `GPXReaderOptions.maxDiagnostics` + 1).
    public var diagnostics: [GPXDiagnostic]
    /// What a reader accepts and repairs, one summary per kind (empty with `strict`, which makes
    /// them errors).
    public var warnings: [GPXDiagnostic]

    public init(file: String, summary: GPXSummary, diagnostics: [GPXDiagnostic], warnings: [GPXDiagnostic] = []) {
        self.file = file
        self.summary = summary
        self.diagnostics = diagnostics
        self.warnings = warnings
    }

    /// No errors (warnings allowed).
    public var isValid: Bool { diagnostics.isEmpty }

    /// Whether the file does not exist (the CLI exits 66 rather than 65).
    public var isMissingFile: Bool { diagnostics.contains { $0.code == .fileNotFound } }
}
