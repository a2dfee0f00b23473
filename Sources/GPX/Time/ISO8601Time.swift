import LocSimSupport

/// An exact, allocation-free `xsd:dateTime` parser (seconds since 1970, UTC); the formatter is
/// `ISO8601Timestamp`.
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
        guard n >= 19 else { return nil }
        guard let year = digits(p, 0, 4), p[4] == UInt8(ascii: "-"),
            let month = digits(p, 5, 2), p[7] == UInt8(ascii: "-"),
            let day = digits(p, 8, 2), p[10] == UInt8(ascii: "T"),
            let hour = digits(p, 11, 2), p[13] == UInt8(ascii: ":"),
            let minute = digits(p, 14, 2), p[16] == UInt8(ascii: ":"),
            let second = digits(p, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            minute <= 59, second <= 59
        else { return nil }
        var i = 19
        var fraction = 0.0
        var fractionIsZero = true
        if i < n, p[i] == UInt8(ascii: ".") {
            i += 1
            let first = i
            var value: UInt64 = 0
            var used = 0
            while i < n, TextBytes.isDigit(p[i]) {
                if used < 17 {
                    value = value &* 10 &+ UInt64(p[i] &- 48)
                    used += 1
                }
                i += 1
            }
            guard i > first else { return nil }
            fraction = Double(value) / TextBytes.powersOfTen[used]
            fractionIsZero = value == 0
        }
        guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && fractionIsZero) else { return nil }
        var offset = 0
        if i < n {
            switch p[i] {
            case UInt8(ascii: "Z"):
                i += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard i + 2 <= n, let offsetHours = digits(p, i, 2) else { return nil }
                i += 2
                var offsetMinutes = 0
                if i < n {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard i + 2 <= n, let minutes = digits(p, i, 2) else { return nil }
                    offsetMinutes = minutes
                    i += 2
                }
                guard offsetMinutes <= 59, offsetHours * 60 + offsetMinutes <= 14 * 60 else { return nil }
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            default:
                return nil
            }
        }
        guard i == n else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
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
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    @inline(__always)
    private static func digits(_ p: UnsafePointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for k in offset..<(offset + count) {
            let d = p[k] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
        }
        return value
    }
}
