package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// Aeris/Xweather advisories: `GET {aeris}/advisories/{city},{state},{country}?client_id=…&client_secret=…`.
///
/// The place is lowercased (Aeris matches places case-insensitively and writes its own place
/// names in lowercase, so recorded URLs do not depend on the geocoder's capitalisation), each
/// part percent-encoded (`new%20orleans,la,us`). The state is included for the US and Canada
/// only, where it is a postal code; elsewhere the place is `{city},{country}`. The country is
/// the ISO code when known.
///
/// The envelope decides, not the HTTP status (quota and auth errors come with 200, 401 or 429):
/// - `success: false` → failure with `error.code` (`invalid_client`, `invalid_location`,
///   `maxhits_min`, `maxhits_daily`, …) and `error.description`;
/// - `success: true` with `error.code` `warn_no_data`, or an empty/absent `response` → no advisories;
///   other `warn_*` codes are ignored when data came with them;
/// - `response` an array or a single object → advisories (items without `details.name` are skipped;
///   if every item lacks it → `bad_shape`);
/// - a non-JSON body → `http_<status>` for error statuses, else `bad_json`; JSON without
///   `success` → `http_<status>` or `bad_shape`.
package struct AerisAdvisories: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials
    /// Aeris's `limit` parameter; `nil` leaves it out (Aeris's default limit; docs/contract.md, Providers).
    public var limit: Int?

    public init(
        client: any HTTPClient, baseURL: String = AerisAdvisories.endpoint.defaultBaseURL, credentials: Credentials,
        limit: Int? = nil
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
        self.limit = limit
    }

    static let provider = "aeris"

    /// The `aeris` base URL: `https://api.aerisapi.com`.
    public static let endpoint = EndpointDeclaration(key: "aeris", defaultBaseURL: "https://api.aerisapi.com")
    /// `client_id`, from `AERIS_CLIENT_ID`.
    public static let clientID = SecretDeclaration(
        variable: "AERIS_CLIENT_ID", queryParameters: ["client_id"], hosts: [endpoint.defaultHost])
    /// `client_secret`, from `AERIS_CLIENT_SECRET`.
    public static let clientSecret = SecretDeclaration(
        variable: "AERIS_CLIENT_SECRET", queryParameters: ["client_secret"], hosts: [endpoint.defaultHost])

    /// `franklin,la,us`: the place path segment, or `nil` without a city.
    public static func placePath(for place: WeatherPlace) -> String? {
        guard !place.city.isEmpty else { return nil }
        var parts = [place.city]
        if place.usesStateCode, !place.state.isEmpty { parts.append(place.state) }
        let country = place.isoCountryCode.isEmpty ? place.country : place.isoCountryCode
        if !country.isEmpty { parts.append(country) }
        // Only unreserved characters stay: a comma inside a city name becomes `%2C`.
        return parts.map { PercentEncoding.encode($0.lowercased()) }.joined(separator: ",")
    }

    /// The request for `place`, or `nil` without a city.
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        guard let path = AerisAdvisories.placePath(for: place) else { return nil }
        var query = [
            ("client_id", credentials[Self.clientID.variable]),
            ("client_secret", credentials[Self.clientSecret.variable]),
        ]
        if let limit { query.append(("limit", String(limit))) }
        return HTTPRequest(url: buildURL(base: baseURL, path: "/advisories/" + path, query: query))
    }

    /// The advisories in effect for `place`, in Aeris's order; empty when there are none.
    public func advisories(for place: WeatherPlace) throws(ProviderFailure) -> [Advisory] {
        try fetch(
            request(for: place), missing: "no city to ask Aeris about", provider: Self.provider, client: client,
            credentials: credentials, parse: Self.parse)
    }

    /// Reads an `/advisories` answer (see the type's documentation for every case).
    public static func parse(_ response: HTTPResponse) throws(ProviderFailure) -> [Advisory] {
        try parse(response, as: provider, vendor: "Aeris", advisory: advisory(from:))
    }

    /// Reads an answer in the Aeris/Xweather envelope (Xweather's `/alerts` has the same one):
    /// failures reported as `provider` (messages name `vendor`), each item of `response` read
    /// by `advisory`.
    static func parse(
        _ response: HTTPResponse, as provider: String, vendor: String, advisory: (JSONValue) -> Advisory?
    ) throws(ProviderFailure) -> [Advisory] {
        let json = try decodeJSON(response, provider: provider)
        guard let success = json["success"]?.boolValue else {
            if !isSuccess(response.status) {
                throw ProviderFailure(
                    provider: provider, code: "http_\(response.status)",
                    message: "HTTP \(response.status) without the \(vendor) envelope")
            }
            throw ProviderFailure(
                provider: provider, code: "bad_shape", message: "answer has no boolean 'success' member")
        }
        let errorCode = json[path: "error", "code"]?.stringValue
        let errorDescription = json[path: "error", "description"]?.stringValue
        if !success {
            let code = errorCode ?? (isSuccess(response.status) ? "unknown_error" : "http_\(response.status)")
            throw ProviderFailure(
                provider: provider, code: code,
                message: excerpt(
                    errorDescription ?? "\(vendor) answered success: false (HTTP \(response.status))"))
        }
        if errorCode == "warn_no_data" { return [] }
        let items: [JSONValue]
        switch json["response"] {
        case .array(let values): items = values
        case .object: items = [json["response"]!]
        case .null, nil: items = []
        default:
            throw ProviderFailure(
                provider: provider, code: "bad_shape", message: "'response' is neither an array nor an object")
        }
        let advisories = items.compactMap(advisory)
        if advisories.isEmpty, !items.isEmpty {
            throw ProviderFailure(
                provider: provider, code: "bad_shape",
                message: "\(items.count) advisories, none with a 'details.name'")
        }
        return advisories
    }

    static func advisory(from item: JSONValue) -> Advisory? {
        guard let name = item[path: "details", "name"]?.stringValue, !name.isEmpty else { return nil }
        let emergency: Bool
        switch item[path: "details", "emergency"] {
        case .bool(let value): emergency = value
        case .string(let value): emergency = value.lowercased() == "true"
        default: emergency = false
        }
        return Advisory(
            provider: ProviderName(stringLiteral: provider),
            id: item["id"]?.text,
            name: name,
            type: item[path: "details", "type"]?.stringValue,
            body: item[path: "details", "body"]?.stringValue ?? item[path: "details", "bodyFull"]?.stringValue ?? "",
            expires: item[path: "timestamps", "expiresISO"]?.stringValue ?? item[path: "timestamps", "expires"]?.text,
            emergency: emergency,
            zone: item[path: "details", "loc"]?.stringValue)
    }
}
