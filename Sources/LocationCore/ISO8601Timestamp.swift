/// Formats instants as ISO 8601 / RFC 3339 UTC timestamps without Foundation:
/// `2026-11-29T22:19:34Z`, or `2026-11-29T22:19:34.500Z` when the instant has a fraction of a
/// second (rounded to milliseconds, half away from zero).
public enum ISO8601Timestamp {
    /// The timestamp for `epochSeconds` seconds since 1970-01-01T00:00:00Z, or `nil` when it is not
    /// finite or outside the years 0000–9999.
    public static func format(epochSeconds: Double) -> String? {
        guard epochSeconds.isFinite else { return nil }
        let millisecondsDouble = (epochSeconds * 1000).rounded(.toNearestOrAwayFromZero)
        // Years 0000–9999 span about ±2.6e14 ms from 1970.
        guard Swift.abs(millisecondsDouble) < 4e14 else { return nil }
        let milliseconds = Int64(millisecondsDouble)
        let msPerDay: Int64 = 86_400_000
        var days = milliseconds / msPerDay
        var msOfDay = milliseconds % msPerDay
        if msOfDay < 0 {
            msOfDay += msPerDay
            days -= 1
        }
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        let seconds = msOfDay / 1000
        let fraction = msOfDay % 1000
        var text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        if fraction != 0 { text += "." + pad(fraction, 3) }
        return text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
