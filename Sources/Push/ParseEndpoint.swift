public import CanonicalJSON
public import HTTPRecording
public import Weather

/// Where and how the controller POSTs pushes to Parse's REST API (`--push-endpoint parse=URL`).
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

    public init(
        baseURL: String = BaseURLs.defaults[.parse], credentials: ProviderCredentials,
        whereQuery: JSONValue = ParseEndpoint.defaultWhere
    ) {
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.baseURL = String(base)
        self.applicationID = credentials.parseApplicationID
        self.restAPIKey = credentials.parseRESTAPIKey
        self.whereQuery = whereQuery
    }

    /// Parses a `--push-endpoint` value: `parse=URL`, or `parse` alone for `baseURLs[.parse]`.
    public static func parse(
        argument: String, baseURLs: BaseURLs = .defaults, credentials: ProviderCredentials
    ) throws(WeatherConfigurationError) -> ParseEndpoint {
        let name = argument.prefix { $0 != "=" }
        guard name == "parse" else {
            throw WeatherConfigurationError(
                option: "--push-endpoint", value: String(name), validValues: ["parse"],
                message: "unknown push endpoint '\(name)'; expected parse or parse=URL")
        }
        guard name.count < argument.count else {
            return ParseEndpoint(baseURL: baseURLs[.parse], credentials: credentials)
        }
        var urls = baseURLs
        try urls.parse(argument: argument)
        return ParseEndpoint(baseURL: urls[.parse], credentials: credentials)
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
