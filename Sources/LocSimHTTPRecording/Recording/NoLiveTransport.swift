/// What a ``RecordingSession`` made without a live transport goes live through: every request
/// fails with ``HTTPClientError/unreachable(_:)`` naming the fix, and none reaches the network.
/// The live client (`LiveHTTPClient`) is in `LocSimLiveHTTP`, so what records through a
/// `URLSession` of its own (`LocSimURLProtocol`) compiles no libcurl client.
struct NoLiveTransport: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable(
            "\(URLParts(request.url).host): no live transport (pass one to RecordingSession(options:liveTransport:), "
                + "such as LocSimLiveHTTP's LiveHTTPClient)")
    }
}
