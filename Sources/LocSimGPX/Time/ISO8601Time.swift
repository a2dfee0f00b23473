import LocSimSupport

/// The GPX reader's `xsd:dateTime` (seconds since 1970, UTC): ``DateTimeParser`` with its
/// `xsdDateTime` rules; the formatter is `ISO8601Timestamp`.
///
/// Accepts what GPS devices write: `2024-05-14T13:00:00Z`, offsets `+02:00`, `+0200` or `+02`,
/// fractional seconds of any length, and no zone at all (read as UTC, as GPSBabel does).
/// `24:00:00` is the end of the day. Rejects anything else, including impossible dates (month 13,
/// February 30), hour 25, leap seconds (`:60`) and offsets beyond ±14:00. No Foundation date APIs.
public enum ISO8601Time {
    /// Seconds since 1970-01-01T00:00:00Z for `text` (surrounding XML whitespace allowed), or `nil`.
    public static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Seconds since 1970-01-01T00:00:00Z for the UTF-8 bytes of an `xsd:dateTime`, or `nil`.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var start = 0
        var end = bytes.count
        while start < end, TextBytes.isXMLSpace(base[start]) { start += 1 }
        while end > start, TextBytes.isXMLSpace(base[end - 1]) { end -= 1 }
        return parse(base + start, count: end - start)
    }

    /// Seconds since 1970 for exactly `count` bytes at `p` (no surrounding whitespace), or `nil`.
    static func parse(_ p: UnsafePointer<UInt8>, count n: Int) -> Double? {
        DateTimeParser.parse(p, count: n, rules: .xsdDateTime)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let date = CivilCalendar.date(fromDays: Int64(days))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        DateTimeParser.daysInMonth(year: year, month: month)
    }
}
