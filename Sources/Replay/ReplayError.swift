/// Why a replay could not run to the end, with the exit status the CLI maps it to.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The GPX file (or another input) does not exist or cannot be read: exit 66.
        case missingInput
        /// The GPX file is malformed or has no usable points: exit 65.
        case invalidInput
        /// A provider could not be reached in live/record mode: exit 69.
        case unavailable
    }

    public var kind: Kind
    /// Compiler-style where possible (`Waypoints/x.gpx:12:5: error: …`).
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
