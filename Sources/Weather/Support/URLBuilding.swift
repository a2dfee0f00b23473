import CanonicalJSON

/// Percent-encodes a query value per RFC 3986: unreserved characters and `,` stay, everything
/// else (space included, as `%20`) is encoded from its UTF-8 bytes.
func percentEncodeQueryValue(_ value: String) -> String {
    percentEncode(value, keeping: Array(",".utf8))
}

/// Percent-encodes one component of a path or list: only unreserved characters stay (a comma
/// inside a city name becomes `%2C`), spaces become `%20`.
func percentEncodeComponent(_ value: String) -> String {
    percentEncode(value, keeping: [])
}

private func percentEncode(_ value: String, keeping extra: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in value.utf8 {
        let unreserved =
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
        if unreserved || extra.contains(byte) {
            out.append(byte)
        } else {
            out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// `base + path + "?" + name=value&…` with values percent-encoded, in the given order.
func buildURL(base: String, path: String, query: [(String, String)]) -> String {
    var url = base + path
    if !query.isEmpty {
        url += "?" + query.map { "\($0.0)=\(percentEncodeQueryValue($0.1))" }.joined(separator: "&")
    }
    return url
}

/// A coordinate for a query: at most 4 decimals (NWS rejects more with a 301 `AdjustPointPrecision`;
/// ~11 m is finer than any provider's grid), rounded half away from zero, trailing zeros and a
/// trailing point removed (`30`, `-85.1`, `29.7965`), never `-0`.
public func formatCoordinateForQuery(_ value: Double) -> String {
    var text = formatFixed(value, decimals: 4)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

/// `text` without trailing slashes: how base URLs are kept.
func stripTrailingSlashes(_ text: String) -> String {
    var result = Substring(text)
    while result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
}
