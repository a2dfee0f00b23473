public import LocSimLocationCore
import LocSimReplay
import LocSimSupport

/// `MKReverseGeocodingRequest` (iOS 26, the replacement of the deprecated `CLGeocoder`) on a
/// ``SimulatedDevice``: ``SimulatedDevice/reverseGeocodingRequest(location:)``.
///
/// It asks the device's ``ThrottledGeocoder``, so it shares Apple's throttle (and the
/// transcript's `geocode` / `geocode_failed` lines) with the CLGeocoder shape: the first read of
/// ``mapItems`` is one request under the throttle, as `reverseGeocode` is; a read after a
/// success returns the same items and costs nothing; a read after a failure asks again.
public final class ReverseGeocodingRequest: Sendable {
    /// `location`: the location given.
    public let location: Location
    private let geocoder: ThrottledGeocoder
    private let loaded = Locked<[MapItem]?>(nil)

    init?(location: Location, geocoder: ThrottledGeocoder) {
        let coordinate = location.coordinate
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite, abs(coordinate.latitude) <= 90,
            abs(coordinate.longitude) <= 180
        else { return nil }
        self.location = location
        self.geocoder = geocoder
    }

    /// `mapItems`: the items at ``location`` (one from locsim's geocoders).
    /// - Throws: ``GeocodeFailure``: throttled (`mapKitErrorCode` 3, `MKError.loadingThrottled`),
    ///   or nothing found (4, `placemarkNotFound`).
    public var mapItems: [MapItem] {
        get async throws {
            if let items = loaded.withLock({ $0 }) { return items }
            let placemarks = try await geocoder.reverseGeocode(location)
            let items = placemarks.map { MapItem($0, at: location.coordinate) }
            loaded.withLock { $0 = items }
            return items
        }
    }
}

extension SimulatedDevice {
    /// `MKReverseGeocodingRequest(location:)`: `nil` for a coordinate that is not finite or not
    /// within ±90°/±180°, as Apple's failable initializer refuses it.
    public func reverseGeocodingRequest(location: Location) -> ReverseGeocodingRequest? {
        ReverseGeocodingRequest(location: location, geocoder: geocoder)
    }
}
