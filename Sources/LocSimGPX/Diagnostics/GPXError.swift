/// Why a GPX file could not be read: the first problem found, with its place in the file.
///
/// The CLI maps `.fileNotFound` to exit 66 and everything else to 65 (invalid input data).
public struct GPXError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostic: GPXDiagnostic

    public init(_ diagnostic: GPXDiagnostic) {
        self.diagnostic = diagnostic
    }

    /// The diagnostic's stable code.
    public var code: GPXDiagnostic.Code { diagnostic.code }

    /// Compiler style: `Waypoints/x.gpx:12:5: error: <trkpt> is missing attribute 'lat'`.
    public var description: String { diagnostic.description }
}
