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
            // Recorded values are text; a stray CR or LF must not split the answer.
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 }) else { continue }
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes.append(contentsOf: response.body) }
        return bytes
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
