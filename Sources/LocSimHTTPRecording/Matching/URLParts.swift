/// An absolute URL split into the parts recordings care about, without Foundation's `URL`
/// (which rejects the `<PLACEHOLDER>` values cassettes keep readable).
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased (`https`); empty when the text has none.
    public var scheme: String
    /// The host name, lowercased, without user info or port.
    public var host: String
    /// The port as written, or `nil`.
    public var port: Int?
    /// The path, percent-decoded; `/` when the URL has none.
    public var path: String
    /// The query items in their written order, names and values percent-decoded (`+` is a space).
    public var query: [QueryItem]

    /// One `name=value` pair of a query string or a URL-encoded form.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Splits `url`. Text that is not an absolute URL yields an empty scheme and host and the
    /// whole text (before any `?`) as the path, so matching still has something to compare.
    public init(_ url: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        scheme = ""
        host = ""
        port = nil
        if let separator = URLParts.schemeSeparator(in: rest) {
            scheme = rest[..<separator].lowercased()
            rest = rest[rest.index(separator, offsetBy: 3)...]
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            rest = rest[authorityEnd...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                host = String(authority[...close]).lowercased()
                let after = authority[authority.index(after: close)...]
                if after.hasPrefix(":") { port = Int(after.dropFirst()) }
            } else if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon].lowercased()
                port = Int(authority[authority.index(after: colon)...])
            } else {
                host = authority.lowercased()
            }
        }
        path = rest.isEmpty ? "/" : URLParts.percentDecode(rest, plusIsSpace: false)
        query = URLParts.parseQuery(queryText)
    }

    /// Parses `a=1&b=2` (a query string or an `application/x-www-form-urlencoded` body).
    public static func parseQuery(_ text: some StringProtocol) -> [QueryItem] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return QueryItem(
                    name: percentDecode(pair[..<equals], plusIsSpace: true),
                    value: percentDecode(pair[pair.index(after: equals)...], plusIsSpace: true))
            }
            return QueryItem(name: percentDecode(pair, plusIsSpace: true), value: "")
        }
    }

    /// Decodes `%XX` escapes (invalid escapes stay as written) and optionally `+` as a space.
    public static func percentDecode(_ text: some StringProtocol, plusIsSpace: Bool) -> String {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The index of `://` after a scheme (letters, digits, `+`, `-`, `.`), or `nil`.
    private static func schemeSeparator(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == ":" {
                return text[index...].hasPrefix("://") && index > text.startIndex ? index : nil
            }
            guard character.isASCII, character.isLetter || character.isNumber || "+-.".contains(character) else {
                return nil
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
