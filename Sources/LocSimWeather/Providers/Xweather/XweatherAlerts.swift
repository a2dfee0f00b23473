package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// Xweather alerts (Aeris's `/advisories`, renamed): `GET {xweather}/alerts/{place}` or
/// `GET {xweather}/alerts/closest?p={lat},{lon}`, with `client_id`/`client_secret` from
/// `XWEATHER_CLIENT_ID`/`XWEATHER_CLIENT_SECRET` (placeholders in replay). The place is
/// written as for Aeris (``AerisAdvisories/placePath(for:)``: `galveston,tx,us`); the point
/// has at most 4 decimals.
///
/// The answer has Aeris's envelope and is read the same way (``AerisAdvisories``: `success`
/// and `error.code` decide, `warn_no_data` is no alerts). Each item gives `name` =
/// `details.name`, `type` = `details.type`, `zone` = `details.loc`, `emergency`, `body` =
/// `details.body`, `id`, `priority` = `details.priority` (a number or numeric string; lower is
/// more important — what `most-severe` ranks by), `expires` = `timestamps.expiresISO`, and the
/// keys `issued` and `begins` from `timestamps.issuedISO` / `beginsISO`.
package struct XweatherAlerts: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials
    public var query: XweatherQuery

    public init(
        client: any HTTPClient, baseURL: String = XweatherAlerts.endpoint.defaultBaseURL, credentials: Credentials,
        query: XweatherQuery = .place
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
        self.query = query
    }

    static let provider = "xweather"

    /// The `xweather` base URL: `https://data.api.xweather.com` (the legacy host
    /// `api.aerisapi.com` answers the same paths); positions travel in `p=lat,lon`.
    public static let endpoint = EndpointDeclaration.xweather
    /// `client_id`, from `XWEATHER_CLIENT_ID`.
    public static let clientID = SecretDeclaration(
        variable: "XWEATHER_CLIENT_ID", queryParameters: ["client_id"], hosts: [endpoint.defaultHost])
    /// `client_secret`, from `XWEATHER_CLIENT_SECRET`.
    public static let clientSecret = SecretDeclaration(
        variable: "XWEATHER_CLIENT_SECRET", queryParameters: ["client_secret"], hosts: [endpoint.defaultHost])

    /// The request for `place`, or `nil` without a city (by place) or a coordinate (closest).
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        let secrets = [
            ("client_id", credentials[Self.clientID.variable]),
            ("client_secret", credentials[Self.clientSecret.variable]),
        ]
        switch query {
        case .place:
            guard let path = AerisAdvisories.placePath(for: place) else { return nil }
            return HTTPRequest(url: buildURL(base: baseURL, path: "/alerts/" + path, query: secrets))
        case .closest:
            guard let coordinate = place.coordinate else { return nil }
            let point =
                formatCoordinateForQuery(coordinate.latitude) + "," + formatCoordinateForQuery(coordinate.longitude)
            return HTTPRequest(url: buildURL(base: baseURL, path: "/alerts/closest", query: [("p", point)] + secrets))
        }
    }

    /// The alerts in effect for `place`, in Xweather's order; empty when there are none.
    public func advisories(for place: WeatherPlace) throws(ProviderFailure) -> [Advisory] {
        try fetch(
            request(for: place),
            missing: query == .place ? "no city to ask Xweather about" : "no coordinate to ask Xweather about",
            provider: Self.provider, client: client, credentials: credentials, parse: Self.parse)
    }

    /// Reads an `/alerts` answer (see the type's documentation).
    public static func parse(_ response: HTTPResponse) throws(ProviderFailure) -> [Advisory] {
        try AerisAdvisories.parse(response, as: provider, vendor: "Xweather", advisory: advisory(from:))
    }

    static func advisory(from item: JSONValue) -> Advisory? {
        guard var advisory = AerisAdvisories.advisory(from: item) else { return nil }
        advisory.provider = ProviderName(stringLiteral: provider)
        advisory.priority = item[path: "details", "priority"]?.numberLiteral.flatMap { Int($0) }
        for (key, member) in [("issued", "issuedISO"), ("begins", "beginsISO")] {
            if let value = item[path: "timestamps", member]?.stringValue, !value.isEmpty {
                advisory.details[key] = value
            }
        }
        if let priority = advisory.priority { advisory.details["priority"] = String(priority) }
        return advisory
    }
}
