extension LocationEngine {
    /// Everything that decides what the engine delivers.
    public struct Configuration: Sendable, Hashable {
        /// `desiredAccuracy` (`--accuracy`); sets the accuracy model's radius. Default `kilometer`.
        public var desiredAccuracy: DesiredAccuracy
        /// `distanceFilter` (`--distance-filter`). Default 3000 m.
        public var distanceFilter: DistanceFilter
        /// Significant-change mode (`--significant-change`): ignores `desiredAccuracy` and
        /// `distanceFilter`.
        public var significantChange: Bool
        /// The authorization the user gave (`--authorization`). Default `always`.
        public var authorization: AuthorizationStatus
        /// Seed of the accuracy noise (`--seed`). Default 0.
        public var seed: UInt64
        /// Whether reported positions are displaced (`--no-noise` sets it to `false`).
        public var noise: Bool
        /// The error process (`--noise`). Default `correlated`.
        public var noiseModel: NoiseModel

        public init(
            desiredAccuracy: DesiredAccuracy = .default, distanceFilter: DistanceFilter = .default,
            significantChange: Bool = false, authorization: AuthorizationStatus = .default, seed: UInt64 = 0,
            noise: Bool = true, noiseModel: NoiseModel = .default
        ) {
            self.noiseModel = noiseModel
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.significantChange = significantChange
            self.authorization = authorization
            self.seed = seed
            self.noise = noise
        }

        /// The accuracy model's radius in metres: the desired accuracy's, or
        /// ``LocationEngine/significantChangeAccuracy`` in significant-change mode.
        public var accuracyRadius: Double {
            significantChange ? LocationEngine.significantChangeAccuracy : desiredAccuracy.radius
        }

        /// The distance a fix must move from the last delivery to be delivered, metres:
        /// ``LocationEngine/significantChangeDistance`` in significant-change mode, else the
        /// distance filter's; `nil` for `distanceFilter` `.none`.
        package var filterDistance: Double? {
            if significantChange { return LocationEngine.significantChangeDistance }
            if case .metres(let metres) = distanceFilter { return metres }
            return nil
        }
    }
}
