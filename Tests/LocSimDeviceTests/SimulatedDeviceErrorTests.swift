import LocSimDevice
import LocSimSupport
import Testing

/// `SimulatedDeviceError` is the package's `OperationError` with the device's codes, and keeps
/// the API it had as a struct of its own: `Code`, `code`, `init(_:_:)`, `description`.
@Suite struct SimulatedDeviceErrorTests {
    @Test func itKeepsItsCodeMessageAndInit() {
        var error = SimulatedDeviceError(.monitorExists, "a monitor named 'alerts' already exists")
        #expect(error.code == SimulatedDeviceError.Code.monitorExists)
        #expect(error.kind == .monitorExists)
        #expect(error.description == "a monitor named 'alerts' already exists")
        error.code = .tooManyConditions
        #expect(error.kind == .tooManyConditions)
        #expect(error.code.rawValue == "tooManyConditions")
    }

    @Test func itIsAnOperationError() {
        let error: any Error = SimulatedDeviceError(.invalidTrack, "t.gpx:1:1: error: not GPX")
        let operation = error as? OperationError<SimulatedDeviceErrorCode>
        #expect(operation?.message == "t.gpx:1:1: error: not GPX")
        #expect(operation?.kind == .invalidTrack)
    }
}
