#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension HTTPRequest {
    /// The locsim form of a URLSession request: method, absolute URL, header fields and body —
    /// `httpBody`, or the whole of `httpBodyStream` (how URLSession hands uploads to a protocol).
    public init(_ request: URLRequest) {
        var body = request.httpBody.map { Array($0) } ?? []
        if body.isEmpty, let stream = request.httpBodyStream { body = HTTPRequest.readAll(stream) }
        self.init(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
            headers: request.allHTTPHeaderFields ?? [:], body: body)
    }

    /// The request as URLSession sends it: its method, header fields and body (none when
    /// empty), with the cache ignored and `timeout` seconds; `nil` when ``url`` is not a URL.
    /// The one builder the live transport and `LocSimURLProtocol`'s client share.
    package func urlRequest(timeout: Double) -> URLRequest? {
        guard let url = URL(string: url) else { return nil }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = method
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty { urlRequest.httpBody = Data(body) }
        return urlRequest
    }

    static func readAll(_ stream: InputStream) -> [UInt8] {
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
