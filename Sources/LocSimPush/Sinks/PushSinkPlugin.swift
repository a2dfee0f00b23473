public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// ``PushSinkName``'s kind.
public enum PushSinkNameKind: OpenNameKind {
    public static let noun = "push endpoint name"
}

/// The registered name of a push sink (a built-in's, ``PushSinkRegistry/builtIn``, or one a
/// library user registers), as `--push-endpoint NAME[=URL]` and `scenario.json`'s
/// `push.endpoint` write it.
public typealias PushSinkName = OpenName<PushSinkNameKind>

/// A push sink a run can name with `--push-endpoint NAME[=URL]`. It declares everything about
/// itself — name, help, the base URL it posts to (`--base-url` key), the secrets it sends,
/// whether it needs `--bundle-id` — and makes the ``PushSink`` for one run. Register your own in
/// a ``PushSinkRegistry`` (the replay app's `pushSinks`).
public protocol PushSinkPlugin: Sendable {
    /// The name `--push-endpoint` takes.
    var name: PushSinkName { get }
    /// One line on where pushes go.
    var help: String { get }
    /// The base URL it posts to: `NAME` alone uses it (or its `--base-url` override).
    var endpoint: EndpointDeclaration { get }
    /// The secrets it sends (redacted from recordings). Default: none.
    var secrets: [SecretDeclaration] { get }
    /// Whether it needs `--bundle-id` (APNs' `apns-topic`). Default: no.
    var needsBundleID: Bool { get }
    /// Where it posts, as `--push-endpoint`'s help says it: `to APNs (apns=url, with --bundle-id)`.
    /// Default: `to NAME`.
    var destination: String { get }
    /// The options it takes, listed in `--help` and read from `scenario.json`. Default: none.
    var options: [PluginOption] { get }

    /// The plug-in a run uses, given the values of the run's plug-in options. Default: itself.
    func configured(with options: PluginOptionValues) -> Self

    /// The sink posting to `baseURL` with `credentials`; `bundleID` is `--bundle-id`.
    func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink
}

extension PushSinkPlugin {
    public var secrets: [SecretDeclaration] { [] }
    public var needsBundleID: Bool { false }
    public var destination: String { "to \(name)" }
    public var options: [PluginOption] { [] }
    public func configured(with options: PluginOptionValues) -> Self { self }
}
