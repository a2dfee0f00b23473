/// The seam every geocoder, provider and push sender talks through: live (``LiveHTTPClient``:
/// libcurl on Linux, URLSession on Apple platforms), recording, or replaying from cassettes.
///
/// Two forms of one exchange: ``send(_:)`` blocks its caller (the replay engine's own thread
/// uses it), ``response(for:)`` suspends (app code, services on the bus). A conformer need only
/// write ``send(_:)``: the default ``response(for:)`` calls it. A conformer that waits on IO
/// writes ``response(for:)`` too, so an async caller does not hold a thread of the cooperative
/// pool while it waits; a client that wraps another forwards each form to the same form.
public protocol HTTPClient: Sendable {
    /// Performs `request`. Transport failures throw ``HTTPClientError``; any HTTP status is a response.
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse

    /// Performs `request` from async code, the way app code calls an HTTP API: the same exchange
    /// as ``send(_:)``, suspending rather than blocking while the network answers.
    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
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
