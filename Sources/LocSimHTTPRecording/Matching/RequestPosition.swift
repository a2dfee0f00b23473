import Foundation
import LocSimSupport

/// The position a request carries (under a ``PositionRule``) and the request without it: two
/// requests whose skeletons match differ only in where they were made.
struct RequestPosition: Sendable, Hashable {
    /// The signature with the coordinates replaced by `{lat}` and `{lon}`.
    var skeleton: RequestSignature
    var latitude: Double
    var longitude: Double

    /// The great-circle distance to `other` in metres (``GreatCircle``).
    func distance(to other: RequestPosition) -> Double {
        GreatCircle.distance(
            latitude: latitude, longitude: longitude, toLatitude: other.latitude, longitude: other.longitude)
    }

    /// A decimal number of at most `limit` in magnitude, as coordinates are written (`-91.5`,
    /// `30`); `nil` for anything else (`<LAT>`, `nan`, `1e400`, empty).
    static func number(_ text: some StringProtocol, limit: Double) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
            let value = Double(String(text)), value.isFinite, abs(value) <= limit
        else { return nil }
        return value
    }

    /// `lat,lon` as two numbers, or `nil`.
    static func pair(_ text: some StringProtocol) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = number(parts[0], limit: 90), let longitude = number(parts[1], limit: 180)
        else { return nil }
        return (latitude, longitude)
    }

    /// `850 m`, `2.4 km`, `1 km`: a distance as the miss report words it.
    static func describe(metres: Double) -> String {
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        let tenths = (metres / 100).rounded()
        let whole = Int(tenths) / 10
        let fraction = Int(tenths) % 10
        return fraction == 0 ? "\(whole) km" : "\(whole).\(fraction) km"
    }
}
