import CanonicalJSON
public import LocSimSettings
import LocSimSupport
public import LocationCore
public import Simulation

extension BusNotification {
    /// The `location` event of a delivered fix: coordinates with 6 decimals, the accuracy radius
    /// in metres, and the GPX time as ISO 8601 when the track is timed.
    public static func location(_ location: Location) -> BusNotification {
        var info = [
            "latitude": formatFixed(location.coordinate.latitude, decimals: 6),
            "longitude": formatFixed(location.coordinate.longitude, decimals: 6),
            "horizontalAccuracy": decimalMetres(location.horizontalAccuracy),
        ]
        if let altitude = location.altitude { info["altitude"] = formatFixed(altitude, decimals: 1) }
        if let sourceTime = location.sourceTime, let iso = ISO8601Timestamp.format(epochSeconds: sourceTime) {
            info["timestamp"] = iso
        }
        return BusNotification(name: .location, userInfo: info)
    }

    /// Metres as a plain decimal literal, so the transcript writes it as a JSON number: the
    /// shortest form (`1000`, `12.25`) unless that needs an exponent, then rounded to 1 mm.
    static func decimalMetres(_ metres: Double) -> String {
        let shortest = JSONValue.double(metres).compact()
        return shortest.contains(where: { $0 == "e" || $0 == "E" }) ? formatFixed(metres, decimals: 3) : shortest
    }

    /// The first event of a run: the authorization status, as `CLAuthorizationStatus`.
    public static func authorization(_ status: AuthorizationStatus) -> BusNotification {
        BusNotification(name: .authorization, userInfo: ["status": String(status.rawValue), "name": status.name])
    }
}
