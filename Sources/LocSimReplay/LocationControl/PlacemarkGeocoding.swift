public import LocSimGeocoding
public import LocSimLocationCore
import LocSimSimulation

/// The geocoder a user's location controller is handed, like `CLGeocoder` or
/// `MKReverseGeocodingRequest`: async, throwing, answering with placemarks. locsim's own
/// conformer is ``ThrottledGeocoder`` (the gazetteer or Nominatim behind Apple's throttle, on the
/// virtual clock); a test may hand in its own.
public protocol PlacemarkGeocoding: Sendable {
    /// The placemarks for `location` (one from locsim's geocoders), or a ``GeocodeFailure``.
    func reverseGeocode(_ location: Location) async throws(GeocodeFailure) -> [Placemark]
    /// `--placemark`: the names a `LOCATION_AVAILABLE` built from these placemarks carries.
    var naming: PlacemarkNaming { get }
}

extension PlacemarkGeocoding {
    /// The seed's `LOCATION_AVAILABLE` userInfo for `placemark`, found for `location`, named as
    /// ``naming`` says: exactly what locsim's built-in controller posts.
    public func locationAvailableUserInfo(for placemark: Placemark, at location: Location) -> [String: String] {
        BusNotification.locationAvailable(placemark, at: location.coordinate, naming: naming).userInfo
    }
}

/// A failed reverse geocode, as both of Apple's APIs would report it.
public struct GeocodeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why it failed.
    public enum Reason: String, Sendable, Hashable {
        /// Apple's throttle refused the request (CLGeocoder: `network`; MapKit: `loadingThrottled`).
        case throttled
        /// The location is not a finite coordinate within ±90°/±180°.
        case invalidLocation
        /// The geocoder found nothing, or failed otherwise (its own code and message).
        case failed
    }

    public var reason: Reason
    /// `CLError.Code` raw value: 2 `network` when throttled, else the geocoder's (8 `geocodeFoundNoResult`).
    public var clErrorCode: Int
    /// `MKError.Code` raw value: 3 `loadingThrottled` when throttled, 4 `placemarkNotFound` otherwise.
    public var mapKitErrorCode: Int
    public var message: String

    public init(reason: Reason, clErrorCode: Int, mapKitErrorCode: Int, message: String) {
        self.reason = reason
        self.clErrorCode = clErrorCode
        self.mapKitErrorCode = mapKitErrorCode
        self.message = message
    }

    /// `CLError.network`.
    public static let clNetwork = 2
    /// `CLError.geocodeFoundNoResult`.
    public static let clGeocodeFoundNoResult = 8
    /// `MKError.loadingThrottled`.
    public static let mapKitLoadingThrottled = 3
    /// `MKError.placemarkNotFound`.
    public static let mapKitPlacemarkNotFound = 4

    /// Whether Apple's throttle refused it: what CLGeocoder reports as `network` and MapKit as
    /// `loadingThrottled`.
    public var isThrottled: Bool { reason == .throttled }

    /// The throttle's refusal: the message the built-in controller's `geocode_failed` carries.
    public static func throttled(by throttle: GeocodeThrottle) -> GeocodeFailure {
        GeocodeFailure(
            reason: .throttled, clErrorCode: clNetwork, mapKitErrorCode: mapKitLoadingThrottled,
            message: "throttled by the geocode limit \(throttle.argument) (requests/seconds)")
    }

    public var description: String {
        "\(reason.rawValue) (CLError \(clErrorCode), MKError \(mapKitErrorCode)): \(message)"
    }
}
