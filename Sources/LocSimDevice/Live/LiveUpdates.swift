import LocSimLocationCore
public import LocSimReplay

/// `SimulatedDevice.liveUpdates(_:)`: `CLLocationUpdate.liveUpdates(_:)` on the device's virtual
/// clock. No `distanceFilter`, no `desiredAccuracy`: one update per raw fix of playback while
/// the device moves (the engine's noise at `best` accuracy, `reduced` when precise location is
/// off), one with `isStationary` once it has been still as the ``LocationUpdate/LiveConfiguration``
/// says, then none until it moves again.
///
/// Pulling plays the track, as ``LocationUpdates`` does; each iterator gets every update from
/// the start of the drive, and iterators of different configurations are independent (each
/// applies its own stillness rule to the same fixes).
public struct LiveUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationUpdate
    public typealias Failure = Never

    /// The configuration the stream was made with.
    public let configuration: LocationUpdate.LiveConfiguration
    let state: DeviceState

    public func makeAsyncIterator() -> Iterator { Iterator(state: state, stillness: LiveStillness(configuration)) }

    /// Reads the updates in order from the first.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = LocationUpdate
        public typealias Failure = Never

        let state: DeviceState
        var stillness: LiveStillness
        var index = 0

        /// The next update, or nil after the last one or once the iterating task is cancelled.
        public mutating func next() async -> LocationUpdate? {
            while !Task.isCancelled, let fix = state.liveFix(at: index) {
                index += 1
                if let update = stillness.deliver(fix) {
                    if let t = update.location?.timestamp { state.withDrive { $0.now = Swift.max($0.now, t) } }
                    return update
                }
            }
            return nil
        }
    }
}
