public import CanonicalJSON
public import LocationCore
public import Simulation

extension BusNotification {
    /// The `location` event of a delivered fix: coordinates with 6 decimals, the accuracy radius
    /// in metres, and the GPX time as ISO 8601 when the track is timed.
    public static func location(_ location: Location) -> BusNotification {
        var info = [
            "latitude": formatFixed(location.coordinate.latitude, decimals: 6),
            "longitude": formatFixed(location.coordinate.longitude, decimals: 6),
            "horizontalAccuracy": JSONValue.double(location.horizontalAccuracy).compact(),
        ]
        if let altitude = location.altitude { info["altitude"] = formatFixed(altitude, decimals: 1) }
        if let sourceTime = location.sourceTime, let iso = ISO8601Timestamp.format(epochSeconds: sourceTime) {
            info["timestamp"] = iso
        }
        return BusNotification(name: .location, userInfo: info)
    }

    /// The first event of a run: the authorization status, as `CLAuthorizationStatus`.
    public static func authorization(_ status: AuthorizationStatus) -> BusNotification {
        BusNotification(name: .authorization, userInfo: ["status": String(status.rawValue), "name": status.name])
    }
}
