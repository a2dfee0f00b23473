public import LocSimHTTPRecording

/// Sends requests whose URL starts with a provider's base URL to another base URL instead,
/// while the caller — and so the cassette — keeps the original URL. This is what
/// `locsim record --base-url aeris=http://127.0.0.1:8080` does: the recording is made against a
/// loopback server but answers the scenario's own replay, which asks the real host.
public struct BaseURLRedirectClient: HTTPClient {
    /// The transport that carries the rewritten requests.
    public let base: any HTTPClient
    /// `(from, to)` URL prefixes, tried in order.
    public let redirects: [(from: String, to: String)]

    public init(base: any HTTPClient, redirects: [(from: String, to: String)]) {
        self.base = base
        self.redirects = redirects.map { (Self.trimmed($0.from), Self.trimmed($0.to)) }
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try base.send(redirected(request))
    }

    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await base.response(for: redirected(request))
    }

    /// `request` under the first redirect whose `from` prefix its URL starts with, or as it is.
    func redirected(_ request: HTTPRequest) -> HTTPRequest {
        for redirect in redirects where Self.url(request.url, isUnder: redirect.from) {
            var rewritten = request
            rewritten.url = redirect.to + request.url.dropFirst(redirect.from.count)
            return rewritten
        }
        return request
    }

    /// Whether `url` is `prefix` itself or continues it with a path, query or fragment.
    static func url(_ url: String, isUnder prefix: String) -> Bool {
        guard url.hasPrefix(prefix) else { return false }
        let next = url.dropFirst(prefix.count).first
        return next == nil || next == "/" || next == "?" || next == "#"
    }

    private static func trimmed(_ url: String) -> String {
        var text = Substring(url)
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
