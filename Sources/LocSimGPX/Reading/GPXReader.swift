/// Streams the points of a GPX file through libxml2's SAX2 push parser.
///
/// ```swift
/// let summary = try GPXReader().read(fileAt: "Waypoints/franklin-la.gpx") { point in
///     print(point.coordinate, point.time ?? 0)
/// }
/// ```
///
/// `body` is called for every `wpt`, `rtept` and `trkpt` in document order as soon as its end
/// tag is read; nothing is collected, so memory stays flat for any file size. Reading stops at
/// the first error, which is thrown as a `GPXError` (`GPXValidator` reports all of them); an
/// error in a route point or waypoint stops it only when that kind is the one replayed (see
/// `GPXReaderOptions.source`). Repairs (a track point whose time steps back is dropped, an
/// out-of-range latitude skipped, …) are summarised in `GPXSummary.warnings`, or with
/// `options.strict` thrown as errors. See `docs/gpx.md` for the dialects and the repairs.
public struct GPXReader: Sendable {
    public var options: GPXReaderOptions

    public init(options: GPXReaderOptions = .init()) {
        self.options = options
    }

    /// Reads the file at `path` (printed verbatim in diagnostics), calling `body` per point.
    ///
    /// - Throws: `GPXError` for any problem with the file (`.fileNotFound` when it is missing);
    ///   whatever `body` throws, unchanged (reading stops there).
    /// - Returns: counts and time span of the file.
    public func read(fileAt path: String, _ body: (borrowing GPXPoint) throws -> Void) throws -> GPXSummary {
        try run(.file(path: path), path: path) { try body($0.pointee) }
    }

    /// Like ``read(fileAt:_:)``, but lends `body` each point in place, where `read` hands over a
    /// copy (~300 bytes and two retains per point): the replay's hot path. The pointer is valid
    /// only during the call.
    package func lendPoints(
        ofFileAt path: String, _ body: (UnsafePointer<GPXPoint>) throws -> Void
    ) throws -> GPXSummary {
        try run(.file(path: path), path: path, body)
    }

    /// ``lendPoints(ofFileAt:_:)`` over a file opened once for several passes (``GPXFile``);
    /// diagnostics name it by its path.
    package func lendPoints(
        of file: GPXFile, _ body: (UnsafePointer<GPXPoint>) throws -> Void
    ) throws -> GPXSummary {
        try run(.opened(file), path: file.path, body)
    }

    /// Reads a document held in memory; `path` only names it in diagnostics.
    public func read(bytes: [UInt8], path: String, _ body: (borrowing GPXPoint) throws -> Void) throws -> GPXSummary {
        try run(.bytes(bytes), path: path) { try body($0.pointee) }
    }

    /// Parses `source`, lending `body` each valid point; throws what `body` throws, else the
    /// first diagnostic.
    private func run(
        _ source: XMLByteSource, path: String, _ body: (UnsafePointer<GPXPoint>) throws -> Void
    ) throws -> GPXSummary {
        let outcome = withoutActuallyEscaping(body) { escapable in
            GPXParseSession.run(source, path: path, options: options, collectsAll: false, deliver: escapable)
        }
        if let error = outcome.bodyError { throw error }
        if let first = outcome.diagnostics.first { throw GPXError(first) }
        return outcome.summary
    }
}
