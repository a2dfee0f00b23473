public import LocSimSupport

/// A remote service's base URL, declared once by the provider, geocoder or push sender that
/// calls it: the `--base-url` / `baseURLs` key, the public default, and where its requests carry
/// a position.
public struct EndpointDeclaration: Sendable, Hashable {
    /// The `--base-url` key (`aeris`).
    public var key: EndpointKey
    /// The public base URL, without a trailing slash (`https://api.aerisapi.com`).
    public var defaultBaseURL: String
    /// Where its requests carry the device's position (query parameters, path segments): what
    /// replay matches to the nearest recorded position.
    public var positions: [PositionField]

    public init(key: EndpointKey, defaultBaseURL: String, positions: [PositionField] = []) {
        self.key = key
        self.defaultBaseURL = defaultBaseURL.droppingTrailingSlashes()
        self.positions = positions
    }

    /// The host of ``defaultBaseURL``, lowercased (`api.aerisapi.com`).
    public var defaultHost: String { URLParts(defaultBaseURL).host }

    /// ``positions`` as matching rules for requests to ``defaultHost`` (path templates follow
    /// the base URL's own path).
    public var positionRules: [PositionRule] {
        let parts = URLParts(defaultBaseURL)
        let basePath = parts.path == "/" ? "" : parts.path
        return positions.map { PositionRule(host: parts.host, field: $0, basePath: basePath) }
    }
}
