import LocSimSupport

/// One problem found in a GPX file, printed compiler style:
/// `Waypoints/x.gpx:12:5: error: <trkpt> is missing attribute 'lat'`, or, for something the
/// reader accepts and repairs, `Waypoints/x.gpx:513:9: warning: 12 points stepped back in time …`.
///
/// `line` and `column` are 1-based and point at the start of the element concerned (the `<`);
/// columns count characters. For problems with the file itself (missing, unreadable) both are 0
/// and the description omits them: `x.gpx: error: no such file or directory`.
public struct GPXDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// An error makes the file unusable; a warning says what was accepted or repaired.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

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
        /// A longitude outside [-180, 180].
        case outOfRange = "out-of-range"
        /// A latitude outside [-90, 90] (a legacy pause marker such as 100): warning, the point is
        /// skipped and replay breaks the track there.
        case latitudeOutOfRange = "latitude-out-of-range"
        /// A longitude past ±180 by less than a degree (a warning): wrapped into [-180, 180).
        case longitudeWrapped = "longitude-wrapped"
        /// A `<time>` that is not an `xsd:dateTime`.
        case invalidTime = "invalid-time"
        /// A track point's time is earlier than the previous kept point's in the same track:
        /// warning, the point is dropped.
        case timeOutOfOrder = "time-out-of-order"
        /// A `<time>` with unpadded fields (`2020-4-21T16:22:47Z`): warning, read as written.
        case unpaddedTime = "unpadded-time"
        /// A TrackPointExtension value replay does not use that is not a number: warning, ignored.
        case unusedValue = "unused-value"
        /// Consecutive timed points further apart than `GPXReaderOptions.maxGap`: warning, a pause.
        case longGap = "long-gap"
        /// A point with the same time as the one before it: warning, replayed as untimed.
        case repeatedTime = "repeated-time"
        /// An element this reader keeps (such as `<name>`) with text over the length limit.
        case textTooLong = "text-too-long"
        /// Nothing to replay: a well-formed GPX document without a single `wpt`, `rtept` or
        /// `trkpt`, or one whose every point of the replayed kind was skipped. An error for
        /// `validate` and a replay alike.
        case noPoints = "no-points"
        /// Validation stopped after `GPXReaderOptions.maxDiagnostics` problems.
        case tooManyErrors = "too-many-errors"
    }

    /// The path as given by the caller, printed verbatim.
    public var file: String
    public var line: Int
    public var column: Int
    public var code: Code
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, code: Code, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: error: message` (or `file: error: message` without a position);
    /// `warning:` for a warning. One line: the file and the message have every control
    /// character escaped (``TerminalEscaping``), line feeds too.
    public var description: String {
        let kind = severity.rawValue
        let shown = TerminalEscaping.escape(file)
        let text = TerminalEscaping.escape(message)
        return line > 0 ? "\(shown):\(line):\(column): \(kind): \(text)" : "\(shown): \(kind): \(text)"
    }
}
