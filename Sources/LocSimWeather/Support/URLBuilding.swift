import LocSimCanonicalJSON
import LocSimSupport

/// A query value percent-encoded per RFC 3986: unreserved characters and `,` stay (providers
/// take comma lists), everything else (space included, as `%20`) is encoded from its UTF-8 bytes.
func percentEncodeQueryValue(_ value: String) -> String {
    PercentEncoding.encode(value, keeping: ",")
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
package func formatCoordinateForQuery(_ value: Double) -> String {
    var text = formatFixed(value, decimals: 4)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}
