/// One recorded exchange: the (redacted) request, the response, when and by whom it was recorded.
public struct HTTPInteraction: Sendable, Hashable {
    public var request: HTTPRequest
    public var response: HTTPResponse
    /// ISO-8601 wall-clock time of the recording (`2024-05-01T17:03:11Z`); informational only.
    public var recordedAt: String
    /// Who recorded it when not the scenario's replay (``InteractionOrigin``); never used for matching.
    public var origin: InteractionOrigin?

    public init(request: HTTPRequest, response: HTTPResponse, recordedAt: String, origin: InteractionOrigin? = nil) {
        self.request = request
        self.response = response
        self.recordedAt = recordedAt
        self.origin = origin
    }

    /// The interaction as it reads back from a cassette: bodies re-encoded (JSON compacted) and
    /// the headers that describe the wire form (`Content-Encoding`, `Content-Length`,
    /// `Transfer-Encoding`, `Connection`, `Keep-Alive`) dropped from the response, since bodies
    /// are stored decoded and connections are not replayed; a percent-encoded placeholder in the
    /// query (`client_id=%3CAERIS_CLIENT_ID%3E`, sent when the key is not set) is written plainly.
    public func normalized() -> HTTPInteraction {
        var copy = self
        copy.request.url = PlaceholderQuery.plain(request.url)
        copy.request.body = BodyEncoding.normalize(request.body, contentType: request.header("Content-Type"))
        copy.response.headers = response.headers.filter { !HTTPWire.wireHeaders.contains($0.key.lowercased()) }
        copy.response.body = BodyEncoding.normalize(response.body, contentType: response.header("Content-Type"))
        return copy
    }
}
