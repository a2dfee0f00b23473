public import LocSimAppServices
import LocSimCanonicalJSON
public import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// National Weather Service active alerts: `GET {nws}/alerts/active?point={lat},{lon}` with
/// `Accept: application/geo+json` and the identifying `User-Agent` NWS requires
/// (`NWS_USER_AGENT`; its placeholder in replay).
///
/// The point has at most 4 decimals, trailing zeros trimmed (`point=29.7965,-91.5019`,
/// `point=30,-85`): NWS answers more with a 301 `AdjustPointPrecision` problem.
///
/// Answers:
/// - a GeoJSON `FeatureCollection` → one advisory per feature, in NWS's order: `name` =
///   `properties.event`, `body` = `headline` + blank line + `description`, `type` = the VTEC
///   phenomenon.significance (`FA.A` from `parameters.VTEC`), `expires` = `expires` (else `ends`),
///   `severity`, `urgency`, `messageType`, `references` (their `identifier`s), `ends`, and the
///   CAP fields (`urgency`, `certainty`, `messageType`, `effective`, `onset`, `ends`,
///   `senderName`, `affectedZones` as a count) posted under the CAP lifecycle; features whose
///   `status` is not `Actual` (tests, exercises) are skipped, as are features without `event`.
///   A `Cancel` is returned with its `messageType` (the seed mode drops it). Enumerations are
///   read as text: a severity CAP does not define ranks as `Unknown`, never fails;
/// - an `application/problem+json` body → failure whose code is the last segment of the
///   problem `type` (`InvalidPoint`, `AdjustPointPrecision`, `UnexpectedProblem`), message
///   `title: detail (HTTP status)`;
/// - anything else (the CDN's HTML "Access Denied" or rate-limit page) → `http_<status>`, or
///   `bad_json`/`bad_shape` with a 2xx status.
public struct NWSAlerts: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials

    public init(client: any HTTPClient, baseURL: String = NWSAlerts.endpoint.defaultBaseURL, credentials: Credentials) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
    }

    static let provider = "nws"

    /// The `nws` base URL: `https://api.weather.gov`; positions travel in `point=lat,lon` and in
    /// `/points/{lat},{lon}` (``NWSZoneAlerts``).
    public static let endpoint = EndpointDeclaration.nws
    /// The contact string NWS requires as `User-Agent`, from `NWS_USER_AGENT` (kept out of files by value).
    public static let userAgent = SecretDeclaration(variable: "NWS_USER_AGENT")

    /// The request for `place`, or `nil` without a coordinate.
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        guard let coordinate = place.coordinate else { return nil }
        let point = formatCoordinateForQuery(coordinate.latitude) + "," + formatCoordinateForQuery(coordinate.longitude)
        return HTTPRequest(
            url: buildURL(base: baseURL, path: "/alerts/active", query: [("point", point)]),
            headers: headers)
    }

    /// What every NWS request carries: the `User-Agent` NWS requires and `Accept: application/geo+json`.
    var headers: [String: String] {
        ["User-Agent": credentials[Self.userAgent.variable], "Accept": "application/geo+json"]
    }

    /// The active alerts at `place`'s coordinate; empty when there are none.
    public func advisories(for place: WeatherPlace) throws(ProviderFailure) -> [Advisory] {
        try fetch(
            request(for: place), missing: "no coordinate to ask NWS about", provider: Self.provider, client: client,
            credentials: credentials, parse: { response throws(ProviderFailure) in try Self.parse(response) })
    }

    /// Reads an `/alerts/active` answer (see the type's documentation for every case), its
    /// failures and advisories reported as `provider`.
    public static func parse(
        _ response: HTTPResponse, as provider: String = "nws"
    ) throws(ProviderFailure) -> [Advisory] {
        let json = try decodeJSON(response, provider: provider)
        guard json.objectValue != nil else {
            throw ProviderFailure(
                provider: provider, code: isSuccess(response.status) ? "bad_shape" : "http_\(response.status)",
                message: "answer is not a JSON object (HTTP \(response.status))")
        }
        if json["type"]?.stringValue == "FeatureCollection" {
            guard let features = json["features"]?.arrayValue else {
                throw ProviderFailure(
                    provider: provider, code: "bad_shape", message: "FeatureCollection without a 'features' array")
            }
            return features.compactMap { advisory(from: $0, provider: ProviderName(stringLiteral: provider)) }
        }
        if let problem = problem(from: json, status: response.status, provider: provider) { throw problem }
        throw ProviderFailure(
            provider: provider, code: isSuccess(response.status) ? "bad_shape" : "http_\(response.status)",
            message: "answer is neither a FeatureCollection nor a problem document (HTTP \(response.status))")
    }

    /// A problem document (RFC 7807) as a failure, or `nil` when `json` is not one (it needs a
    /// `title`, `detail` or numeric `status`; a `type` alone could be a GeoJSON object).
    static func problem(
        from json: JSONValue, status: Int, provider: String = "nws"
    ) -> ProviderFailure? {
        let type = json["type"]?.stringValue
        let title = json["title"]?.stringValue
        let detail = json["detail"]?.stringValue
        guard title != nil || detail != nil || json["status"]?.numberLiteral != nil else { return nil }
        let problemStatus = json["status"]?.numberLiteral ?? String(status)
        var code = "http_\(problemStatus)"
        if let type, let last = type.split(whereSeparator: { $0 == "/" || $0 == ":" }).last, !last.isEmpty {
            code = String(last)
        }
        let text = [title, detail].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        return ProviderFailure(
            provider: provider, code: code,
            message: excerpt((text.isEmpty ? "problem" : text) + " (HTTP \(problemStatus))"))
    }

    static func advisory(from feature: JSONValue) -> Advisory? {
        advisory(from: feature, provider: ProviderName(stringLiteral: provider))
    }

    /// The advisory of one feature, reported as `provider` (`nws` or `nws-zone`).
    static func advisory(from feature: JSONValue, provider: ProviderName) -> Advisory? {
        guard let properties = feature["properties"], properties.objectValue != nil,
            let event = properties["event"]?.stringValue, !event.isEmpty
        else { return nil }
        if let status = properties["status"]?.stringValue, status != "Actual" { return nil }
        let body = [properties["headline"]?.stringValue, properties["description"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        var advisory = Advisory(
            provider: provider,
            id: properties["id"]?.stringValue ?? feature["id"]?.stringValue,
            name: event,
            type: vtecType(properties[path: "parameters", "VTEC"]?.arrayValue?.first?.stringValue),
            body: body,
            expires: properties["expires"]?.stringValue ?? properties["ends"]?.stringValue,
            severity: properties["severity"]?.stringValue)
        advisory.urgency = properties["urgency"]?.stringValue
        advisory.messageType = properties["messageType"]?.stringValue
        advisory.references = (properties["references"]?.arrayValue ?? []).compactMap {
            $0["identifier"]?.stringValue ?? $0.stringValue
        }
        advisory.ends = properties["ends"]?.stringValue
        advisory.capFields = capFields(properties)
        return advisory
    }

    /// The CAP members of an alert's `properties`, as ``Advisory`` fields.
    static func capFields(_ properties: JSONValue) -> [String: String] {
        var fields: [String: String] = [:]
        for key in ["urgency", "certainty", "messageType", "effective", "onset", "ends", "senderName"] {
            if let value = properties[key]?.stringValue, !value.isEmpty { fields[key] = value }
        }
        if let zones = properties["affectedZones"]?.arrayValue { fields["affectedZones"] = String(zones.count) }
        return fields
    }

    /// `FA.A` from `/O.CON.KPQR.FA.A.0004.000000T0000Z-191222T1800Z/`.
    static func vtecType(_ vtec: String?) -> String? {
        guard let vtec else { return nil }
        let parts = vtec.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 5, !parts[3].isEmpty, !parts[4].isEmpty else { return nil }
        return "\(parts[3]).\(parts[4])"
    }
}
