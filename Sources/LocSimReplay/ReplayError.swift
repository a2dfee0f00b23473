public import LocSimSupport

/// Why a replay could not run to the end, with the exit status the CLI maps it to. Its message
/// is compiler-style where possible (`Waypoints/x.gpx:12:5: error: …`).
public typealias ReplayError = OperationError<ReplayErrorKind>

/// What kind of ``ReplayError`` (`ReplayError.Kind`).
public enum ReplayErrorKind: Sendable, Hashable {
    /// The GPX file (or another input) does not exist or cannot be read: exit 66.
    case missingInput
    /// The GPX file is malformed or has no usable points: exit 65.
    case invalidInput
    /// A provider could not be reached in live/record mode: exit 69.
    case unavailable
}
