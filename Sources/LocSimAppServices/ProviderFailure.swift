public import LocSimHTTPRecording

/// A provider that did not answer usefully: the `provider_error` event {provider, code, message}.
///
/// `code` is the provider's own code when it gave one (`invalid_client`, `maxhits_min`, OWM's
/// `cod` such as `401` or `404`, the NWS problem type such as `InvalidPoint`), otherwise one of
/// locsim's: `http_<status>` (an error status without a readable envelope), `bad_json`,
/// `bad_xml`, `bad_shape` (parsed, but not the documented shape), `unreachable`, `timed_out`,
/// `not_recorded`, `refused`, `missing_location`. Messages never contain a secret.
public struct ProviderFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The provider or service (`aeris`, `nws`, a user's provider name, `push`, `parse`).
    public var provider: String
    public var code: String
    public var message: String

    public init(provider: String, code: String, message: String) {
        self.provider = provider
        self.code = code
        self.message = message
    }

    public var description: String { "\(provider): \(code): \(message)" }

    /// The `provider_error` userInfo.
    public var userInfo: [String: String] { ["provider": provider, "code": code, "message": message] }

    /// The failure for a request that got no HTTP response.
    public init(provider: String, clientError: HTTPClientError) {
        self.provider = provider
        switch clientError {
        case .unreachable(let message): (code, self.message) = ("unreachable", message)
        case .timedOut(let message): (code, self.message) = ("timed_out", message)
        case .notRecorded(let message):
            // The first line names the request; the rest (closest match, paths, the command to
            // record it) goes to stderr, so transcripts stay the same on every machine.
            (code, self.message) = ("not_recorded", String(message.prefix { $0 != "\n" }))
        case .refused(let message): (code, self.message) = ("refused", message)
        }
    }

    /// This failure with `credentials`' secrets replaced by their placeholders.
    public func redacted(with credentials: Credentials) -> ProviderFailure {
        ProviderFailure(provider: provider, code: code, message: credentials.redact(message))
    }
}
