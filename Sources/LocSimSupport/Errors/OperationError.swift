/// Why an operation a command runs (a replay, an export) failed: a ``Kind`` the caller maps to an
/// exit status, and one human sentence. The modules name their own kinds:
/// `ReplayError` is `OperationError<ReplayErrorKind>`, `ExportError` is
/// `OperationError<ExportErrorKind>`.
public struct OperationError<FailureKind: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kinds of failure there are (`ReplayError.Kind`, `ExportError.Kind`).
    public typealias Kind = FailureKind

    /// What kind of failure, which decides the exit status.
    public var kind: Kind
    /// What went wrong and what to do, compiler-style where possible
    /// (`Waypoints/x.gpx:12:5: error: …`).
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}
