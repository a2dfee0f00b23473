// Apple platforms only, and not compiled on Linux (docs/platforms.md): `CLLocation` from and to
// locsim's `Location`, for an app whose seam speaks CoreLocation's types.
#if canImport(CoreLocation)
    public import CoreLocation
    public import LocSimLocationCore

    extension CLLocation {
        /// A `CLLocation` with every field the engine computes: coordinate, altitude (0 when
        /// unknown), the accuracies (−1 when invalid), speed and course (−1 when unknown), and the
        /// timestamp (``Location/timestampDate``, seconds since 1970).
        public convenience init(_ location: Location) {
            self.init(
                coordinate: CLLocationCoordinate2D(
                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
                altitude: location.altitude ?? 0, horizontalAccuracy: location.horizontalAccuracy,
                verticalAccuracy: location.verticalAccuracy, course: location.course ?? -1,
                courseAccuracy: location.courseAccuracy, speed: location.speed ?? -1,
                speedAccuracy: location.speedAccuracy,
                timestamp: Date(timeIntervalSince1970: location.timestampDate))
        }
    }

    extension Location {
        /// locsim's `Location` for a `CLLocation`: `timestamp` (virtual seconds) is `t`, since a
        /// `CLLocation` has no replay clock; negative speed, course or vertical accuracy mean unknown.
        public init(_ location: CLLocation, t: Double) {
            self.init(
                coordinate: Coordinate(
                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
                altitude: location.verticalAccuracy < 0 ? nil : location.altitude,
                horizontalAccuracy: location.horizontalAccuracy, speed: location.speed < 0 ? nil : location.speed,
                course: location.course < 0 ? nil : location.course, timestamp: t)
            verticalAccuracy = location.verticalAccuracy
            speedAccuracy = location.speedAccuracy
            courseAccuracy = location.courseAccuracy
            date = location.timestamp.timeIntervalSince1970
        }
    }
#endif
