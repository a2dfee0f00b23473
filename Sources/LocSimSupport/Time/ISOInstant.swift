/// Reads the ISO 8601 / RFC 3339 instants providers write (`2023-12-01T17:00:00-05:00`,
/// `2024-05-01T14:00:00Z`, `2024-05-01T14:00:00.250+02:00`) as seconds since 1970 UTC, with
/// ``DateTimeParser``'s rules (impossible dates and leap seconds refused).
package enum ISOInstant {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not a date-time with seconds
    /// and a zone (`Z` or `±hh:mm`).
    package static func epochSeconds(_ text: String) -> Double? {
        DateTimeParser.parse(text, rules: .rfc3339Instant)
    }
}
