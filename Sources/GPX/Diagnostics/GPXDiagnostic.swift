/// One problem found in a GPX file, printed compiler style:
/// `Waypoints/x.gpx:12:5: error: <trkpt> is missing attribute 'lat'`.
///
/// `line` and `column` are 1-based and point at the start of the element concerned (the `<`);
/// columns count characters. For problems with the file itself (missing, unreadable) both are 0
/// and the description omits them: `x.gpx: error: no such file or directory`.
public struct GPXDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is; stable across releases, unlike the message.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The file does not exist.
        case fileNotFound = "file-not-found"
        /// The file exists but cannot be read (a directory, no permission, an I/O error).
        case unreadableFile = "unreadable-file"
        /// The file has no bytes at all.
        case emptyFile = "empty-file"
        /// libxml2 rejected the document (the message is libxml2's own, cleaned up).
        case malformedXML = "malformed-xml"
        /// The root element is not GPX 1.0/1.1 `<gpx>` (namespaced or not).
        case notGPX = "not-gpx"
        /// Elements nested deeper than `GPXReaderOptions.maxDepth`.
        case tooDeep = "too-deep"
        /// A point has no `lat` or `lon` attribute.
        case missingAttribute = "missing-attribute"
        /// A number (attribute or element text) that is not a decimal number; `NaN` included.
        case notANumber = "not-a-number"
        /// A latitude outside [-90, 90] or a longitude outside [-180, 180].
        case outOfRange = "out-of-range"
        /// A `<time>` that is not an `xsd:dateTime`.
        case invalidTime = "invalid-time"
        /// A point's time is earlier than the previous timed point's in the same track or route.
        case timeOutOfOrder = "time-out-of-order"
        /// An element this reader keeps (such as `<name>`) with text over the length limit.
        case textTooLong = "text-too-long"
        /// A well-formed GPX document without a single `wpt`, `rtept` or `trkpt`.
        case noPoints = "no-points"
        /// Validation stopped after `GPXReaderOptions.maxDiagnostics` problems.
        case tooManyErrors = "too-many-errors"
    }

    /// The path as given by the caller, printed verbatim.
    public var file: String
    public var line: Int
    public var column: Int
    public var code: Code
    public var message: String

    public init(file: String, line: Int, column: Int, code: Code, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    /// `file:line:column: error: message` (or `file: error: message` without a position).
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
    }
}
