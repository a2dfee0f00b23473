/// The one ISO 8601 date-time parser (seconds since 1970 UTC), exact and allocation-free, behind
/// both the GPX reader's `xsd:dateTime` and the providers' RFC 3339 instants, so that both
/// refuse the same impossible dates: month 13, February 30, April 31, hour 25, minute 60, leap
/// seconds (`:60`) and offsets beyond ±14:00. `24:00:00` is the end of the day.
package enum DateTimeParser {
    /// What a caller's format allows beyond `YYYY-MM-DDThh:mm:ss[.fff]`.
    package struct Rules: Sendable, Hashable {
        /// A zone (`Z` or an offset) must follow; without one the time is read as UTC.
        package var requiresZone: Bool
        /// RFC 3339's spellings: `t`/space between date and time, `z` for UTC, and offsets only
        /// as `±hh:mm` (not `±hhmm` or `±hh`).
        package var rfc3339: Bool

        /// `xsd:dateTime` as GPS devices write it: `T` and `Z` only; offsets `+02:00`, `+0200`
        /// or `+02`; no zone at all (read as UTC, as GPSBabel does).
        package static let xsdDateTime = Rules(requiresZone: false, rfc3339: false)
        /// RFC 3339 instants as providers write them: a zone is required.
        package static let rfc3339Instant = Rules(requiresZone: true, rfc3339: true)
    }

    /// Seconds since 1970-01-01T00:00:00Z for `text` (no surrounding whitespace), or `nil`.
    package static func parse(_ text: String, rules: Rules) -> Double? {
        var copy = text
        return copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return parse(base, count: buffer.count, rules: rules)
        }
    }

    /// Seconds since 1970 for exactly `count` bytes at `p`, or `nil`.
    package static func parse(_ p: UnsafePointer<UInt8>, count n: Int, rules: Rules) -> Double? {
        guard n >= 19 else { return nil }
        let separator = p[10]
        guard
            separator == UInt8(ascii: "T")
                || rules.rfc3339 && (separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "))
        else { return nil }
        guard let year = digits(p, 0, 4), p[4] == UInt8(ascii: "-"),
            let month = digits(p, 5, 2), p[7] == UInt8(ascii: "-"),
            let day = digits(p, 8, 2),
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
            while i < n, p[i] &- 48 < 10 {
                if used < 17 {
                    value = value &* 10 &+ UInt64(p[i] &- 48)
                    used += 1
                }
                i += 1
            }
            guard i > first else { return nil }
            fraction = Double(value) / powersOfTen[used]
            fractionIsZero = value == 0
        }
        guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && fractionIsZero) else { return nil }
        var offset = 0
        if i < n {
            switch p[i] {
            case UInt8(ascii: "Z"):
                i += 1
            case UInt8(ascii: "z") where rules.rfc3339:
                i += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard i + 2 <= n, let offsetHours = digits(p, i, 2) else { return nil }
                i += 2
                var offsetMinutes = 0
                if i < n || rules.rfc3339 {
                    if i < n, p[i] == UInt8(ascii: ":") {
                        i += 1
                    } else if rules.rfc3339 {
                        return nil
                    }
                    guard i + 2 <= n, let minutes = digits(p, i, 2) else { return nil }
                    offsetMinutes = minutes
                    i += 2
                }
                guard offsetMinutes <= 59, offsetHours * 60 + offsetMinutes <= 14 * 60 else { return nil }
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            default:
                return nil
            }
        } else if rules.requiresZone {
            return nil
        }
        guard i == n else { return nil }
        let days = Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// The days of `month` (1–12) in a proleptic Gregorian `year`.
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 10⁰ … 10¹⁷, exact in a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
    ]

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
