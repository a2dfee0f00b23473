import LocSimCanonicalJSON
public import LocSimGeocoding
public import LocSimLocationCore
public import LocSimSimulation
import LocSimSupport

extension NotificationName {
    /// A reverse geocode a user's location controller asked for: {latitude, longitude}.
    public static let geocode: NotificationName = "geocode"
}

/// locsim's ``PlacemarkGeocoding``: a ``ReverseGeocoder`` (the gazetteer, or Nominatim through
/// the cassettes) behind Apple's throttle, counted on the virtual clock that `now` reads. Every
/// call is recorded: `geocode` {latitude, longitude}, and `geocode_failed` {code, message} (the
/// CLError code) when it throws, so a transcript shows what the user's controller asked for.
///
/// The throttle is Apple's, not the controller's policy: no minimum interval, no cache. A
/// non-finite or out-of-range coordinate is refused (``GeocodeFailure/Reason/invalidLocation``)
/// before it reaches the throttle or the geocoder.
public final class ThrottledGeocoder: PlacemarkGeocoding {
    private let geocoder: any ReverseGeocoder
    private let throttle: Locked<GeocodeThrottle?>
    private let now: @Sendable () -> Double
    private let record: @Sendable (BusNotification) -> Void
    public let naming: PlacemarkNaming

    /// `geocoder` behind `throttle` (`nil`: none), its instants read from `now`; `record` sees
    /// the `geocode` and `geocode_failed` notifications of every call.
    public init(
        geocoder: any ReverseGeocoder, throttle: GeocodeThrottle?, naming: PlacemarkNaming,
        now: @escaping @Sendable () -> Double, record: @escaping @Sendable (BusNotification) -> Void = { _ in }
    ) {
        self.geocoder = geocoder
        self.throttle = Locked(throttle)
        self.now = now
        self.record = record
        self.naming = naming
    }

    public func reverseGeocode(_ location: Location) async throws(GeocodeFailure) -> [Placemark] {
        let coordinate = location.coordinate
        let (latitude, longitude) = (coordinate.latitude, coordinate.longitude)
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw fail(
                GeocodeFailure(
                    reason: .invalidLocation, clErrorCode: GeocodeFailure.clGeocodeFoundNoResult,
                    mapKitErrorCode: GeocodeFailure.mapKitPlacemarkNotFound,
                    message: "no placemark for latitude \(latitude), longitude \(longitude): not a coordinate"))
        }
        record(
            BusNotification(
                name: .geocode,
                userInfo: [
                    "latitude": formatFixed(latitude, decimals: 6), "longitude": formatFixed(longitude, decimals: 6),
                ]))
        let t = now()
        let refused: GeocodeThrottle? = throttle.withLock { throttle in
            guard var granted = throttle else { return nil }
            defer { throttle = granted }
            return granted.request(at: t) ? nil : granted
        }
        if let refused { throw fail(.throttled(by: refused)) }
        do throws(GeocodeError) {
            return [try geocoder.reverseGeocode(coordinate)]
        } catch {
            throw fail(
                GeocodeFailure(
                    reason: .failed, clErrorCode: error.code, mapKitErrorCode: GeocodeFailure.mapKitPlacemarkNotFound,
                    message: error.message))
        }
    }

    private func fail(_ failure: GeocodeFailure) -> GeocodeFailure {
        // One line, as the built-in controller's `geocode_failed`: a geocoder's message may name local files.
        let message = String(failure.message.prefix { $0 != "\n" })
        record(
            BusNotification(name: .geocodeFailed, userInfo: ["code": String(failure.clErrorCode), "message": message]))
        return failure
    }
}
