public import LocSimSupport

/// ``EndpointKey``'s kind.
public enum EndpointKeyKind: OpenNameKind {
    public static let noun = "endpoint key"
}

/// The key of a remote service's base URL (`aeris`, `nws`, `owm`, `nominatim`, `parse`, or one a
/// user-registered provider declares), as written in `--base-url KEY=URL` and `baseURLs`.
public typealias EndpointKey = OpenName<EndpointKeyKind>
