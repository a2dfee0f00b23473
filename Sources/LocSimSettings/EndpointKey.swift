/// The key of a remote service's base URL (`aeris`, `nws`, `owm`, `nominatim`, `parse`, or one a
/// user-registered provider declares), as written in `--base-url KEY=URL` and `scenario.json`'s
/// `baseURLs`. Keys are open, like ``ProviderName``: the endpoints a run knows decide which exist.
public struct EndpointKey: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    /// A key, or `nil` when `rawValue` is not well formed (the rules of ``ProviderName``).
    public init?(rawValue: String) {
        guard ProviderName.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A key from a literal; the literal must be well formed.
    public init(stringLiteral value: String) {
        precondition(ProviderName.isWellFormed(value), "'\(value)' is not an endpoint key")
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: EndpointKey, rhs: EndpointKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
