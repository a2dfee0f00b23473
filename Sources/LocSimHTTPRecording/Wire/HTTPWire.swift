/// The HTTP/1.1 wire format both of the package's servers speak (`locsim serve` and the tests'
/// `LoopbackHTTPServer`): which headers describe the connection rather than the content, what may
/// be sent as a header line, and the status line's words.
package enum HTTPWire {
    /// Headers that describe how a message travels (length, framing, coding, connection), not
    /// what it says: cassettes do not keep them, and a server writes its own.
    package static let wireHeaders: Set<String> = [
        "content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive",
    ]

    /// The interim answer to `Expect: 100-continue`.
    package static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Whether `name` can be sent as a header field name: a non-empty RFC 9110 token.
    package static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// RFC 9110 `tchar`: a byte of a token (a method, a header field name).
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether field name `name` is `lowercased` in any case (ASCII), without allocating.
    package static func isField(_ name: String, named lowercased: String) -> Bool {
        var other = lowercased.utf8.makeIterator()
        for byte in name.utf8 {
            let folded = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
            guard folded == other.next() else { return false }
        }
        return other.next() == nil
    }

    /// Header fields folded into a dictionary (repeated names joined with `, `).
    package static func folded(_ headers: [(name: String, value: String)]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers { result[name] = result[name].map { "\($0), \(value)" } ?? value }
        return result
    }

    /// Whether `value` can be sent as a header field value: no CR, LF or NUL, which would end the
    /// header line early (a header injected into the answer).
    package static func isFieldValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }

    /// The reason phrase of a status line (`Not Found`), or `Status <code>` for one not listed.
    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
