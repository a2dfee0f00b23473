import LocSim
import WeatherAlertsApp

/// locsim's updates as the app's samples: the adapter an app's own CLLocation seam would have.
extension LocationUpdates {
    /// The delivered locations (diagnostic-only updates dropped), as ``LocationSample``s.
    var samples: AsyncCompactMapSequence<LocationUpdates, LocationSample> {
        compactMap { update in
            update.location.map {
                LocationSample(
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                    horizontalAccuracy: $0.horizontalAccuracy, time: $0.timestamp)
            }
        }
    }
}

/// locsim's geocoder behind the app's seam: its throttle error becomes the app's `.throttled`,
/// as a CLGeocoder adapter maps `CLError.network` (or MapKit's `loadingThrottled`).
struct DeviceGeocoding: PlaceGeocoding {
    let geocoder: any PlacemarkGeocoding

    func place(for sample: LocationSample) async throws -> Place {
        let location = Location(
            coordinate: Coordinate(latitude: sample.latitude, longitude: sample.longitude),
            horizontalAccuracy: sample.horizontalAccuracy, timestamp: sample.time)
        let placemarks: [Placemark]
        do throws(GeocodeFailure) {
            placemarks = try await geocoder.reverseGeocode(location)
        } catch {
            if error.isThrottled { throw PlaceGeocodingError.throttled }
            throw error
        }
        let placemark = placemarks[0]
        return Place(
            city: placemark.locality ?? placemark.name ?? "", state: placemark.administrativeArea ?? "",
            country: placemark.country ?? "")
    }
}
