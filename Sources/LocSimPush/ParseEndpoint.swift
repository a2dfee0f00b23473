public import LocSimCanonicalJSON
public import LocSimHTTPRecording
import LocSimSupport

/// Where and how the controller POSTs pushes to Parse's REST API (`--push-endpoint parse=URL`,
/// ``ParsePushSinkPlugin``).
///
/// The request is `POST {base}/push` with `X-Parse-Application-Id` and `X-Parse-REST-API-Key`
/// (from `PARSE_APPLICATION_ID` / `PARSE_REST_API_KEY`, placeholders in replay),
/// `Content-Type: application/json` and the body `{"data":{"alert":…,"sound":"alert.caf"},"where":{…}}`
/// as compact JSON with sorted keys. `where` defaults to `{"deviceType":"ios"}`: every iOS
/// installation, the audience of the original app's pushes.
public struct ParseEndpoint: Sendable, Hashable {
    public var baseURL: String
    public var applicationID: String
    public var restAPIKey: String
    /// The installation query.
    public var whereQuery: JSONValue

    public static let defaultWhere: JSONValue = .object(["deviceType": .string("ios")])

    /// The `parse` base URL: `https://api.parse.com/1`.
    public static let endpoint = EndpointDeclaration(key: "parse", defaultBaseURL: "https://api.parse.com/1")
    /// `X-Parse-Application-Id`, from `PARSE_APPLICATION_ID`.
    public static let applicationIDSecret = SecretDeclaration(
        variable: "PARSE_APPLICATION_ID", headers: ["X-Parse-Application-Id"])
    /// `X-Parse-REST-API-Key`, from `PARSE_REST_API_KEY`.
    public static let restAPIKeySecret = SecretDeclaration(
        variable: "PARSE_REST_API_KEY", headers: ["X-Parse-REST-API-Key"])
    /// Both secrets.
    public static let secrets = [applicationIDSecret, restAPIKeySecret]

    public init(
        baseURL: String = ParseEndpoint.endpoint.defaultBaseURL, credentials: Credentials,
        whereQuery: JSONValue = ParseEndpoint.defaultWhere
    ) {
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.baseURL = String(base)
        self.applicationID = credentials[Self.applicationIDSecret.variable]
        self.restAPIKey = credentials[Self.restAPIKeySecret.variable]
        self.whereQuery = whereQuery
    }

    /// The REST request that sends `message`.
    public func request(for message: PushMessage) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: baseURL + "/push",
            headers: [
                "X-Parse-Application-Id": applicationID, "X-Parse-REST-API-Key": restAPIKey,
                "Content-Type": "application/json",
            ],
            body: Array(message.parseRESTBody(where: whereQuery).compact().utf8))
    }
}

/// A bad `--push-endpoint` value.
public struct PushEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending item.
    public var value: String
    /// Why it is refused.
    public var reason: String

    public init(value: String, reason: String) {
        self.value = value
        self.reason = reason
    }

    public var description: String { reason }
}
