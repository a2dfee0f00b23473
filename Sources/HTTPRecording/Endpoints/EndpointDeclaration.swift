public import LocSimSettings
import LocSimSupport

/// A remote service's base URL, declared once by the provider, geocoder or push sender that
/// calls it: the `--base-url` / `baseURLs` key and the public default.
public struct EndpointDeclaration: Sendable, Hashable {
    /// The `--base-url` key (`aeris`).
    public var key: EndpointKey
    /// The public base URL, without a trailing slash (`https://api.aerisapi.com`).
    public var defaultBaseURL: String

    public init(key: EndpointKey, defaultBaseURL: String) {
        self.key = key
        self.defaultBaseURL = defaultBaseURL.droppingTrailingSlashes()
    }

    /// The host of ``defaultBaseURL``, lowercased (`api.aerisapi.com`).
    public var defaultHost: String { URLParts(defaultBaseURL).host }
}
