public import LocSimSupport

/// Why an export cannot be written, with the exit status it maps to.
public typealias ExportError = OperationError<ExportErrorKind>

/// What kind of ``ExportError`` (`ExportError.Kind`).
public enum ExportErrorKind: Sendable, Hashable {
    /// A missing or contradictory option (exit 64).
    case usage
    /// A replay the format cannot express, e.g. no fixes at all (exit 65).
    case data
}
