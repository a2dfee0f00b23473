/// Durations in diagnostics, to the microsecond and without rounding a step away:
/// `16 h 2 min`, `0.25 s`, `2191 d 6 h 0.5 s`.
enum GPXDuration {
    /// `seconds` (≥ 0) as days, hours, minutes and seconds, zero parts left out; seconds keep up
    /// to six decimals (trailing zeros dropped), so two times that differ never print as a 0 step.
    static func text(_ seconds: Double) -> String {
        let micros = (abs(seconds) * 1_000_000).rounded()
        guard micros.isFinite, micros < 9.0e18 else { return "\(seconds) s" }
        var rest = Int64(micros)
        let days = rest / 86_400_000_000
        rest %= 86_400_000_000
        let hours = rest / 3_600_000_000
        rest %= 3_600_000_000
        let minutes = rest / 60_000_000
        rest %= 60_000_000
        var parts: [String] = []
        if days > 0 { parts.append("\(days) d") }
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if rest > 0 || parts.isEmpty {
            var fraction = String(rest % 1_000_000)
            fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            parts.append("\(rest / 1_000_000)" + (fraction.isEmpty ? "" : "." + fraction) + " s")
        }
        return parts.joined(separator: " ")
    }
}
