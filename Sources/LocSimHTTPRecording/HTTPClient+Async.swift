extension HTTPClient {
    /// Calls ``send(_:)``: right for a client that answers at once (a cassette, a script). Replay
    /// answers from cassettes at once; the virtual clock does not move while it waits.
    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try send(request)
    }
}
