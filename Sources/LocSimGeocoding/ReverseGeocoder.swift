public import LocSimLocationCore

/// Turns a coordinate into a placemark, like `CLGeocoder.reverseGeocodeLocation`.
public protocol ReverseGeocoder: Sendable {
    /// The placemark for `coordinate`, or a ``GeocodeError``.
    func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark
}

/// A failed reverse geocode, with the `CLError` code the original app would see.
public struct GeocodeError: Error, Sendable, Hashable {
    /// `CLError.Code` raw value: 2 network (throttled or unreachable), 8 geocodeFoundNoResult, 10 geocodeCanceled.
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let networkCode = 2
    public static let noResultCode = 8
    public static let canceledCode = 10
}
