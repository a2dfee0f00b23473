public import LocSimHTTPRecording
public import LocSimSupport

/// `--push-endpoint apns[=URL]` with `--bundle-id`: each push also POSTed to APNs
/// (``APNsEndpoint``), the bundle id as `apns-topic`.
public struct APNsPushSinkPlugin: PushSinkPlugin {
    public init() {}

    public var name: PushSinkName { "apns" }
    public var help: String { "APNs' provider API (POST {apns}/3/device/{token}), with --bundle-id." }
    public var destination: String { "to APNs (apns=url, with --bundle-id)" }
    public var endpoint: EndpointDeclaration { APNsEndpoint.endpoint }
    public var secrets: [SecretDeclaration] { APNsEndpoint.secrets }
    public var needsBundleID: Bool { true }

    public func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink {
        APNsEndpoint(baseURL: baseURL, credentials: credentials, topic: bundleID ?? "")
    }
}
