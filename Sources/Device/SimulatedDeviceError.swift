/// Why a ``SimulatedDevice`` or one of its parts refused: a message that says what and where.
public struct SimulatedDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// The track could not be read (missing, not GPX, no points): the message has file:line:column.
        case invalidTrack
        /// A setting is out of range (the option is named).
        case invalidSettings
        /// A monitor of this name already exists on the device (CLMonitor allows one per name).
        case monitorExists
        /// A monitor already has ``DeviceMonitor/conditionLimit`` conditions.
        case tooManyConditions
        /// A condition's centre or radius is not a finite coordinate or a radius > 0.
        case invalidCondition
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
