extension HTTPClient {
    /// Performs `request` from async code, the way app code calls an HTTP API. Replay answers
    /// from cassettes at once; the virtual clock does not move while it waits.
    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try send(request)
    }
}
