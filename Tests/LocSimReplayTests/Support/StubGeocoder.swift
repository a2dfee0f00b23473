import LocSimGeocoding
import LocSimLocationCore
import LocSimSupport

/// A reverse geocoder that always answers the same place and counts its calls.
final class StubGeocoder: ReverseGeocoder {
    let placemark: Placemark
    let failure: GeocodeError?
    private let calls = Locked<[Coordinate]>([])

    init(
        placemark: Placemark = Placemark(
            name: "Franklin", locality: "Franklin", administrativeArea: "LA", country: "United States",
            isoCountryCode: "US"),
        failure: GeocodeError? = nil
    ) {
        self.placemark = placemark
        self.failure = failure
    }

    /// Every coordinate asked about, in order.
    var requests: [Coordinate] { calls.withLock { $0 } }

    func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
        calls.withLock { $0.append(coordinate) }
        if let failure { throw failure }
        return placemark
    }
}
