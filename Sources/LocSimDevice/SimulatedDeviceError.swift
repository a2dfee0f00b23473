public import LocSimSupport

/// Why a ``SimulatedDevice`` or one of its parts refused: a message that says what and where,
/// and its ``SimulatedDeviceErrorCode`` (`error.code`, also spelt `SimulatedDeviceError.Code`).
/// The package's one error shape, ``OperationError``, like `ReplayError` and `ExportError`.
public typealias SimulatedDeviceError = OperationError<SimulatedDeviceErrorCode>

/// What went wrong, as ``SimulatedDeviceError``'s `code`.
public enum SimulatedDeviceErrorCode: String, Sendable, Hashable {
    /// The track could not be read (missing, not GPX, no points): the message has file:line:column.
    case invalidTrack
    /// A setting is out of range (the option is named).
    case invalidSettings
    /// A monitor of this name already exists on the device (CLMonitor allows one per name).
    case monitorExists
    /// Not thrown any more: a condition past ``DeviceMonitor/conditionLimit`` is kept unserved
    /// (``MonitorEvent/conditionLimitExceeded``), as CLMonitor does. Kept for code that names it.
    case tooManyConditions
    /// A condition's centre or radius is not a finite coordinate or a radius > 0.
    case invalidCondition
}

extension OperationError where FailureKind == SimulatedDeviceErrorCode {
    /// ``SimulatedDeviceErrorCode``, by the name this error has always given it.
    public typealias Code = SimulatedDeviceErrorCode

    /// What went wrong: the ``kind``.
    public var code: Code {
        get { kind }
        set { kind = newValue }
    }
}
