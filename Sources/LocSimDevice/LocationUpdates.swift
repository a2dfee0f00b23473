public import LocSimReplay

/// `SimulatedDevice.locationManagerUpdates`: the engine's updates along the track, as a
/// `CLLocationManager` delegate receives them (distanceFilter, desiredAccuracy), on the virtual clock.
///
/// Pulling the next update plays the track up to it, so the loop runs as fast as the consumer
/// and is the same on every run; nothing waits on the wall clock. **Each iterator gets every
/// update from the start of the drive** (two loops over one device each see the whole
/// sequence; they never split it). Stopping early (`break`) leaves nothing running: the
/// iterator is a value, and the device can be dropped.
public struct LocationUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationUpdate
    public typealias Failure = Never

    let state: DeviceState

    public func makeAsyncIterator() -> Iterator { Iterator(state: state) }

    /// Reads the updates in order from the first.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = LocationUpdate
        public typealias Failure = Never

        let state: DeviceState
        var index = 0

        /// The next update, or nil after the last one or once the iterating task is cancelled.
        public mutating func next() async -> LocationUpdate? {
            guard !Task.isCancelled, let update = state.update(at: index) else { return nil }
            index += 1
            return update
        }
    }
}
