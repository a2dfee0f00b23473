public import LocSimReplay

extension SimulatedDevice {
    /// `CLLocationManager`'s updates (`startUpdatingLocation()` with the settings'
    /// `distanceFilter` and `desiredAccuracy`, 3 km / 1 km by default; significant changes with
    /// `--significant-change`): exactly `locsim replay`'s `location` events. Each iterator gets
    /// every update. Named for the API it mirrors, beside ``liveUpdates(_:)``.
    public var locationManagerUpdates: LocationUpdates { LocationUpdates(state: state) }

    /// The filtered updates under their old name.
    @available(
        *, deprecated, renamed: "locationManagerUpdates",
        message: "the CLLocationManager-shaped stream; for CLLocationUpdate.liveUpdates(_:) use liveUpdates(_:)"
    )
    public var locationUpdates: LocationUpdates { locationManagerUpdates }

    /// `CLLocationUpdate.liveUpdates(_:)`: an update per raw fix while moving, no distance filter;
    /// one `isStationary` update and a pause while still, as `configuration` defines still.
    public func liveUpdates(_ configuration: LocationUpdate.LiveConfiguration = .default) -> LiveUpdates {
        LiveUpdates(configuration: configuration, state: state)
    }

    /// The device's virtual clock, for the code under test to sleep on:
    /// `try await Task.sleep(for: .seconds(90), clock: device.clock)`.
    public var clock: DeviceClock { DeviceClock(state: state) }
}
