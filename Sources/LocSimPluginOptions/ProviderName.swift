public import LocSimSupport

/// ``ProviderName``'s kind.
public enum ProviderNameKind: OpenNameKind {
    public static let noun = "provider name"
}

/// The registered name of a weather provider (`aeris`, `nws`, or one a library user registers),
/// as written in `--providers` and in `scenario.json`'s `providers`.
public typealias ProviderName = OpenName<ProviderNameKind>
