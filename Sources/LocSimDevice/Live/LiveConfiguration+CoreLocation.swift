// Apple platforms only, and not compiled on Linux (docs/platforms.md): Apple's live
// configuration as locsim's, for an app whose seam passes `CLLocationUpdate.LiveConfiguration`.
#if canImport(CoreLocation)
    public import CoreLocation
    public import LocSimReplay

    @available(iOS 17, macOS 14, watchOS 10, tvOS 17, visionOS 1, *)
    extension LocationUpdate.LiveConfiguration {
        /// locsim's configuration of the same name (`.maritime` included), or `nil` for a case
        /// locsim does not know yet.
        public init?(_ configuration: CLLocationUpdate.LiveConfiguration) {
            let name = String(describing: configuration)
            guard let known = Self.all.first(where: { $0.name == name }) else { return nil }
            self = known
        }
    }
#endif
