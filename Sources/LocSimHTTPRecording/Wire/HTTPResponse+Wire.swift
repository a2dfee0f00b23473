extension HTTPResponse {
    /// The response as HTTP/1.1 bytes: the status line, its headers in name order without the
    /// ``HTTPWire/wireHeaders`` and without any name or value that could end the header line
    /// early, then `Content-Encoding` (when `contentEncoding` names the coding `body` is already
    /// in), `Content-Length`, `Connection: close` unless `keepAlive`, and the body. A `HEAD`
    /// answer (`includeBody: false`) keeps the length of the body it leaves out.
    ///
    /// A 204 or 304 has neither body nor length and a 205 an empty body, whatever was recorded
    /// (RFC 9110: a client reads no content after them, so recorded bytes would be taken for the
    /// next answer; real HAR exports hold 304s with their cached text). A status that cannot end
    /// an exchange (1xx: the client waits for the final answer; outside 100–599) is answered
    /// `502 Bad Gateway`, saying so.
    package func wireBytes(keepAlive: Bool, includeBody: Bool = true, contentEncoding: String? = nil) -> [UInt8] {
        guard (200...599).contains(status) else {
            let reason = "locsim: the recorded status \(status) is not a final HTTP answer\n"
            return HTTPResponse(
                status: 502, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(reason.utf8)
            )
            .wireBytes(keepAlive: keepAlive, includeBody: includeBody)
        }
        let content: (length: Bool, body: [UInt8]) =
            switch status {
            case 204, 304: (false, [])
            case 205: (true, [])
            default: (true, body)
            }
        var head = "HTTP/1.1 \(status) \(HTTPWire.reasonPhrase(status))\r\n"
        for name in headers.keys.sorted() where !HTTPWire.wireHeaders.contains(name.lowercased()) {
            let value = headers[name]!
            guard HTTPWire.isFieldName(name), HTTPWire.isFieldValue(value) else { continue }
            head += "\(name): \(value)\r\n"
        }
        if let contentEncoding, !content.body.isEmpty, HTTPWire.isFieldValue(contentEncoding) {
            head += "Content-Encoding: \(contentEncoding)\r\n"
        }
        if content.length { head += "Content-Length: \(content.body.count)\r\n" }
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes.append(contentsOf: content.body) }
        return bytes
    }
}
