public import LocSimReplay

extension LocationUpdate {
    /// `CLLocationUpdate.LiveConfiguration`: what a ``SimulatedDevice/liveUpdates(_:)`` stream is
    /// for, which decides when the device counts as still (and the stream pauses).
    ///
    /// Apple's is an enum that grows (iOS 27 adds `maritime`); this is a struct of static values
    /// so that adding one never breaks a `switch` in your code. Apple does not publish its
    /// thresholds; locsim's (``stillSpeed``, ``stillDuration``) are its model, documented in
    /// docs/device.md, and tuned so that a red light does not pause a car and a rest does pause a
    /// runner.
    public struct LiveConfiguration: Sendable, Hashable, CustomStringConvertible {
        /// Apple's case name (`"automotiveNavigation"`).
        public let name: String
        /// Metres per second: a true speed below this is "not moving".
        public let stillSpeed: Double
        /// Seconds: not moving for this long is "still": one update with `isStationary`, then none
        /// until the speed reaches ``stillSpeed`` again.
        public let stillDuration: Double

        init(name: String, stillSpeed: Double, stillDuration: Double) {
            self.name = name
            self.stillSpeed = stillSpeed
            self.stillDuration = stillDuration
        }

        /// `.default`: activities the others do not cover. Still: below 0.5 m/s for 60 s.
        public static let `default` = LiveConfiguration(name: "default", stillSpeed: 0.5, stillDuration: 60)
        /// `.automotiveNavigation`: a car on roads. Still: below 1 m/s for 180 s (longer than a red light).
        public static let automotiveNavigation = LiveConfiguration(
            name: "automotiveNavigation", stillSpeed: 1, stillDuration: 180)
        /// `.otherNavigation`: cycling, scooters, trains, boats, off-road. Still: below 0.5 m/s for 120 s.
        public static let otherNavigation = LiveConfiguration(
            name: "otherNavigation", stillSpeed: 0.5, stillDuration: 120)
        /// `.fitness`: a dedicated fitness session. Still: below 0.3 m/s for 30 s.
        public static let fitness = LiveConfiguration(name: "fitness", stillSpeed: 0.3, stillDuration: 30)
        /// `.airborne`: in the air. Still: below 1 m/s for 300 s (taxiing and holding are not still).
        public static let airborne = LiveConfiguration(name: "airborne", stillSpeed: 1, stillDuration: 300)
        /// `.maritime` (iOS 27): on the water. Still: below 0.3 m/s for 300 s (a moored boat drifts).
        public static let maritime = LiveConfiguration(name: "maritime", stillSpeed: 0.3, stillDuration: 300)

        /// Every configuration Apple ships, in Apple's order.
        public static let all: [LiveConfiguration] = [
            .default, .automotiveNavigation, .otherNavigation, .fitness, .airborne, .maritime,
        ]

        public var description: String { name }
    }
}
