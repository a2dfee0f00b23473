public import LocSimHTTPRecording
public import LocSimSupport

/// `--push-endpoint parse[=URL]`: each push also POSTed to Parse's REST API (``ParseEndpoint``).
public struct ParsePushSinkPlugin: PushSinkPlugin {
    public init() {}

    public var name: PushSinkName { "parse" }
    public var help: String { "Parse's REST API (POST {parse}/push)." }
    public var destination: String { "to Parse" }
    public var endpoint: EndpointDeclaration { ParseEndpoint.endpoint }
    public var secrets: [SecretDeclaration] { ParseEndpoint.secrets }

    public func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink {
        ParseEndpoint(baseURL: baseURL, credentials: credentials)
    }
}
