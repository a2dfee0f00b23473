import HTTPRecording

/// An ``HTTPResponse`` as HTTP/1.1 bytes: the status line, the recorded headers without the
/// ones that describe the wire (length, encoding, connection), then `Content-Length` and the body.
enum ResponseEncoder {
    static let wireHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding",
    ]

    /// The bytes of `response`; `keepAlive: false` adds `Connection: close`. A `HEAD` answer
    /// (`includeBody: false`) keeps the length of the body it leaves out.
    static func encode(_ response: HTTPResponse, keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for name in response.headers.keys.sorted() where !wireHeaders.contains(name.lowercased()) {
            let value = response.headers[name]!
            // A name or value that could end the header line early is never sent (cassettes
            // refuse them when read; this holds for answers made any other way too).
            guard isFieldName(name), !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                continue
            }
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes.append(contentsOf: response.body) }
        return bytes
    }

    /// Whether `name` can be sent as a header field name: a non-empty RFC 9110 token.
    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }

    /// The interim answer to `Expect: 100-continue`.
    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    static func reasonPhrase(_ status: Int) -> String {
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
