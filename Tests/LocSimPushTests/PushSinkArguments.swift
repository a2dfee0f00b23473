import LocSimHTTPRecording

@testable import LocSimPush

/// `--push-endpoint` values resolved by a registry of one built-in sink, as the run's registry
/// resolves them: the argument forms each sink's tests check.
extension ParseEndpoint {
    static func parse(
        argument: String, endpoints: Endpoints = Endpoints([ParseEndpoint.endpoint]), credentials: Credentials
    ) throws(PushEndpointError) -> ParseEndpoint {
        var registry = PushSinkRegistry()
        registry.replace(ParsePushSinkPlugin())
        let sink = try registry.resolve(argument, endpoints: endpoints, credentials: credentials, bundleID: nil).sink
        guard let endpoint = sink as? ParseEndpoint else {
            throw PushEndpointError(value: argument, reason: "not Parse")
        }
        return endpoint
    }
}

extension APNsEndpoint {
    static func parse(
        argument: String, endpoints: Endpoints = Endpoints([APNsEndpoint.endpoint]), credentials: Credentials,
        topic: String
    ) throws(PushEndpointError) -> APNsEndpoint {
        var registry = PushSinkRegistry()
        registry.replace(APNsPushSinkPlugin())
        let sink = try registry.resolve(argument, endpoints: endpoints, credentials: credentials, bundleID: topic).sink
        guard let endpoint = sink as? APNsEndpoint else { throw PushEndpointError(value: argument, reason: "not APNs") }
        return endpoint
    }
}
