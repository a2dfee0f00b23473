/// The seam every geocoder, provider and push sender talks through: live (URLSession),
/// recording, or replaying from cassettes.
public protocol HTTPClient: Sendable {
    /// Performs `request`. Transport failures throw ``HTTPClientError``; any HTTP status is a response.
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse
}

/// Why a request got no HTTP response.
public enum HTTPClientError: Error, Sendable, Hashable {
    /// The host could not be reached (DNS, refused, reset, TLS). The message names host and cause.
    case unreachable(String)
    /// No response within the timeout.
    case timedOut(String)
    /// Replay only: no recorded interaction answers the request. The message says which request,
    /// the closest recorded one, how they differ and how to record it.
    case notRecorded(String)
    /// The client refused the request (for instance a secret would be written to a cassette).
    case refused(String)
}
