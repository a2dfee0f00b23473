/// Formats instants as ISO 8601 / RFC 3339 UTC timestamps without Foundation:
/// `2026-11-29T22:19:34Z`, or with a fraction of a second (`2026-11-29T22:19:34.500Z`).
///
/// The one timestamp formatter of the package: transcripts, GPX summaries, generated tracks and
/// cassettes' `recordedAt` all use it, so an instant is written the same way everywhere.
package enum ISO8601Timestamp {
    /// The timestamp for `epochSeconds` seconds since 1970-01-01T00:00:00Z: whole seconds, or
    /// milliseconds when the instant has a fraction of a second (rounded to milliseconds, half away
    /// from zero); `nil` when it is not finite or outside the years 0000–9999.
    package static func format(epochSeconds: Double) -> String? {
        guard let text = format(epochSeconds: epochSeconds, fractionDigits: 3) else { return nil }
        return text.hasSuffix(".000Z") ? String(text.dropLast(5)) + "Z" : text
    }

    /// The timestamp for `epochSeconds` with exactly `fractionDigits` (0–6) digits after the
    /// seconds, rounded half away from zero; `nil` when it is not finite or outside the years
    /// 0000–9999.
    package static func format(epochSeconds: Double, fractionDigits: Int) -> String? {
        precondition((0...6).contains(fractionDigits), "fractionDigits must be 0...6")
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        guard epochSeconds.isFinite else { return nil }
        let scaledDouble = (epochSeconds * Double(scale)).rounded(.toNearestOrAwayFromZero)
        // Years 0000–9999 span about ±2.6e11 s from 1970.
        guard Swift.abs(scaledDouble) < 4e11 * Double(scale) else { return nil }
        let scaled = Int64(scaledDouble)
        let perDay = 86_400 * scale
        var days = scaled / perDay
        var ofDay = scaled % perDay
        if ofDay < 0 {
            ofDay += perDay
            days -= 1
        }
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        let seconds = ofDay / scale
        var text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        if fractionDigits > 0 { text += "." + pad(ofDay % scale, fractionDigits) }
        return text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
