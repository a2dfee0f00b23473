extension HTTPResponse {
    /// The response as HTTP/1.1 bytes: the status line, its headers in name order without the
    /// ``HTTPWire/wireHeaders`` and without any name or value that could end the header line
    /// early, then `Content-Encoding` (when `contentEncoding` names the coding `body` is already
    /// in), `Content-Length`, `Connection: close` unless `keepAlive`, and the body. A `HEAD`
    /// answer (`includeBody: false`) keeps the length of the body it leaves out.
    package func wireBytes(keepAlive: Bool, includeBody: Bool = true, contentEncoding: String? = nil) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPWire.reasonPhrase(status))\r\n"
        for name in headers.keys.sorted() where !HTTPWire.wireHeaders.contains(name.lowercased()) {
            let value = headers[name]!
            guard HTTPWire.isFieldName(name), HTTPWire.isFieldValue(value) else { continue }
            head += "\(name): \(value)\r\n"
        }
        if let contentEncoding, HTTPWire.isFieldValue(contentEncoding) {
            head += "Content-Encoding: \(contentEncoding)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes.append(contentsOf: body) }
        return bytes
    }
}
