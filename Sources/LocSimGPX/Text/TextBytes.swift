/// Byte-level helpers for the parser's hot path: XML whitespace, digits, and numbers parsed
/// straight from UTF-8 without allocating a `String`.
enum TextBytes {
    /// 10⁰ … 10²², all exact in a `Double` (a literal, so it needs no lazy initialisation).
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

    /// The bytes with leading and trailing XML whitespace removed.
    static func trimmed(_ p: UnsafePointer<UInt8>, count: Int) -> (UnsafePointer<UInt8>, Int) {
        var start = 0
        var end = count
        while start < end, isXMLSpace(p[start]) { start += 1 }
        while end > start, isXMLSpace(p[end - 1]) { end -= 1 }
        return (p + start, end - start)
    }

    /// A decimal number (`-12.5`, `+3`, `.5`, `7.`, with an optional exponent `1e-3`); `nil` for
    /// anything else, including `NaN`, `inf`, hex, empty text and values beyond `Double`'s range.
    /// Correctly rounded.
    static func parseDouble(_ p: UnsafePointer<UInt8>, count n: Int) -> Double? {
        if n <= 19, let value = parsePlainDecimal(p, count: n) { return value }
        var i = 0
        var negative = false
        if i < n, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var sawDigit = false
        var exact = true
        while i < n, isDigit(p[i]) {
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                if p[i] != UInt8(ascii: "0") { exact = false }
            }
            i += 1
        }
        if i < n, p[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(p[i]) {
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else if p[i] != UInt8(ascii: "0") {
                    exact = false
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < n, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            let first = i
            var value = 0
            while i < n, isDigit(p[i]) {
                if value < 100_000 { value = value * 10 + Int(p[i] &- 48) }
                i += 1
            }
            guard i > first else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard i == n else { return nil }
        if exact, mantissa < (1 << 53), abs(exponent) <= 22 {
            let value = Double(mantissa)
            let scaled = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -scaled : scaled
        }
        let value = Double(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The common case of ``parseDouble(_:count:)`` in one pass: `[-+]digits[.digits]` of at
    /// most 19 bytes (so every digit fits in the `UInt64` mantissa) with a mantissa below 2⁵³,
    /// which makes mantissa ÷ 10^fraction digits correctly rounded; `nil` for anything else,
    /// which the general path then decides.
    @inline(__always)
    private static func parsePlainDecimal(_ p: UnsafePointer<UInt8>, count n: Int) -> Double? {
        var i = 0
        var negative = false
        if n > 0, p[0] == UInt8(ascii: "-") || p[0] == UInt8(ascii: "+") {
            negative = p[0] == UInt8(ascii: "-")
            i = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var dot = -1
        while i < n {
            let digit = p[i] &- 48
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
            } else if p[i] == UInt8(ascii: "."), dot < 0 {
                dot = i
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, mantissa < (1 << 53) else { return nil }
        let value = Double(mantissa) / powersOfTen[dot < 0 ? 0 : n - dot - 1]
        return negative ? -value : value
    }

    /// A non-negative decimal integer of at most 18 digits (`+` allowed), or `nil`.
    static func parseInt(_ p: UnsafePointer<UInt8>, count n: Int) -> Int? {
        var i = 0
        if i < n, p[i] == UInt8(ascii: "+") { i += 1 }
        guard i < n, n - i <= 18 else { return nil }
        var value = 0
        while i < n {
            guard isDigit(p[i]) else { return nil }
            value = value * 10 + Int(p[i] &- 48)
            i += 1
        }
        return value
    }

    /// The text as a `String`, shortened to `limit` characters with `…` for messages.
    static func quoted(_ p: UnsafePointer<UInt8>, count: Int, limit: Int = 40) -> String {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
