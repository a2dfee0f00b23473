/// The app's push text: "⚠️ Coastal Flood Advisory" over "Franklin, LA · until 7:00 PM".
public enum AlertNotificationText {
    /// The notification's title.
    public static func title(for alert: WeatherAlert) -> String {
        "⚠️ \(alert.title)"
    }

    /// The notification's body: the place, and when the alert ends when known (the local time
    /// written in the ISO timestamp, 12-hour clock).
    public static func body(for alert: WeatherAlert, place: String) -> String {
        guard let expires = alert.expires, let time = clockTime(expires) else { return place }
        return "\(place) · until \(time)"
    }

    /// `2024-05-01T19:00:00-05:00` → `7:00 PM`.
    static func clockTime(_ iso: String) -> String? {
        guard let t = iso.firstIndex(of: "T") else { return nil }
        let parts = iso[iso.index(after: t)...].split(separator: ":")
        guard parts.count >= 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour) else {
            return nil
        }
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelve):" + (minute < 10 ? "0" : "") + "\(minute) " + (hour < 12 ? "AM" : "PM")
    }
}
