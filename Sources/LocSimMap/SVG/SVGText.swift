import LocSimCanonicalJSON

/// Number and label formatting for SVG output: deterministic (XML escaping is
/// `LocSimSupport.XMLEscaping`).
package enum SVGText {
    /// `value` with at most `decimals` decimals and no trailing zeros (`12.5`, `3`, `-0.25`).
    ///
    /// Built on ``LocSimCanonicalJSON/formatFixed(_:decimals:)``, so the output is the same on every
    /// platform; `-0` is written `0`.
    package static func number(_ value: Double, decimals: Int) -> String {
        var text = formatFixed(value, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// An integer with thousands separators: `1,000,000`.
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `text` cut to at most `limit` characters, the cut marked with `…`.
    package static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(limit - 1, 0))) + "…"
    }
}
