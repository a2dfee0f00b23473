import Foundation
import LocSim
import WeatherAlertsApp

/// locsim's updates as the app's samples: the adapter an app's own CLLocation seam would have.
extension LocationUpdates {
    /// The delivered locations (diagnostic-only updates dropped), as ``LocationSample``s.
    var samples: AsyncCompactMapSequence<LocationUpdates, LocationSample> {
        compactMap { update in update.location.map(LocationSample.init) }
    }
}

extension LocationSample {
    /// What the app reads from a location: coordinate, accuracy, time (virtual seconds).
    init(_ location: Location) {
        self.init(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            horizontalAccuracy: location.horizontalAccuracy, time: location.timestamp)
    }
}

/// The app's ``LocationController`` in a full replay, in place of locsim's built-in one
/// (`ReplayApp.locationController`): made on the first update with the run's geocoder and
/// notification center, then handed every location.
actor AppLocationController: LocationControlling {
    let retryDelay: Double
    private var controller: LocationController?

    init(retryDelay: Double) {
        self.retryDelay = retryDelay
    }

    func locationManager(
        didUpdate update: LocationUpdate, geocoder: any PlacemarkGeocoding, notificationCenter: NotificationCenter
    ) async {
        guard let location = update.location else { return }
        let controller =
            self.controller
            ?? LocationController(
                geocoder: DeviceGeocoding(geocoder: geocoder), notificationCenter: notificationCenter,
                retryDelay: retryDelay)
        self.controller = controller
        await controller.handle(LocationSample(location))
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
