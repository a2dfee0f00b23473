package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// Apple WeatherKit REST alerts:
/// `GET {weatherkit}/api/v1/weather/{language}/{lat}/{lon}?dataSets=weatherAlerts&country={CC}`
/// with `Authorization: Bearer <token>` (a developer JWT from `WEATHERKIT_TOKEN`; its
/// placeholder in recordings and replay). `country` is the placemark's ISO code (the alert
/// authority WeatherKit asks; Apple's forum answers confirm `country`, not the documented
/// `countryCode`); without one there is nothing to ask (`missing_location`).
///
/// Answers:
/// - `weatherAlerts.alerts[]` (`WeatherAlertSummary`) → advisories: `name` = `description`
///   (the alert's title, "Flood Warning"), `body` = `description` + " for " + `areaName`, `id`,
///   `expires` = `expireTime`, `severity` (and `urgency` for `most-severe`), and the keys
///   `certainty`, `urgency`, `source`, `detailsUrl`, `areaName`. Values are kept as written: a
///   severity WeatherKit adds later ranks as unknown, never fails;
/// - an answer without `weatherAlerts` → no advisory with reason `no_coverage`: the data set is
///   not offered for that region (what `/api/v1/availability` would say);
/// - an error status with `{"reason": "NOT_ENABLED"}` (or any `reason`) → failure with that
///   code; without one → `http_<status>`; a truncated body → `bad_json`.
package struct WeatherKitAlerts: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials
    /// The `{language}` path segment.
    public var language: String

    public init(
        client: any HTTPClient, baseURL: String = WeatherKitAlerts.endpoint.defaultBaseURL, credentials: Credentials,
        language: String = "en"
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
        self.language = language
    }

    static let provider = "weatherkit"

    /// The `weatherkit` base URL: `https://weatherkit.apple.com`; positions travel in the path,
    /// `/api/v1/weather/{language}/{lat}/{lon}`.
    public static let endpoint = EndpointDeclaration.weatherKit
    /// The developer token sent as `Authorization: Bearer …`, from `WEATHERKIT_TOKEN`.
    public static let token = SecretDeclaration(
        variable: "WEATHERKIT_TOKEN", headers: ["Authorization"], hosts: [endpoint.defaultHost])

    /// What one answer says: the alerts, or `nil` when the region has no alert coverage.
    public typealias Report = [Advisory]?

    /// The request for `place`, or `nil` without a coordinate or a country code.
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        guard let coordinate = place.coordinate, !place.isoCountryCode.isEmpty else { return nil }
        let path =
            "/api/v1/weather/\(PercentEncoding.encode(language))/"
            + formatCoordinateForQuery(coordinate.latitude) + "/" + formatCoordinateForQuery(coordinate.longitude)
        return HTTPRequest(
            url: buildURL(
                base: baseURL, path: path, query: [("dataSets", "weatherAlerts"), ("country", place.isoCountryCode)]),
            headers: ["Authorization": "Bearer " + credentials[Self.token.variable]])
    }

    /// The alerts at `place`; `nil` when WeatherKit has no alert coverage there.
    public func alerts(for place: WeatherPlace) throws(ProviderFailure) -> Report {
        try fetch(
            request(for: place), missing: "no coordinate and country code to ask WeatherKit about",
            provider: Self.provider, client: client, credentials: credentials, parse: Self.parse)
    }

    /// Reads a weather answer (see the type's documentation).
    public static func parse(_ response: HTTPResponse) throws(ProviderFailure) -> Report {
        if !isSuccess(response.status) {
            let json = try? JSONValue.parse(utf8: response.body)
            if let reason = json?["reason"]?.stringValue, !reason.isEmpty {
                throw ProviderFailure(
                    provider: provider, code: reason, message: "WeatherKit refused: \(reason) (HTTP \(response.status))"
                )
            }
            throw ProviderFailure(
                provider: provider, code: "http_\(response.status)",
                message: "HTTP \(response.status) (\(bodySummary(response)))")
        }
        let json = try decodeJSON(response, provider: provider)
        guard json.objectValue != nil else {
            throw ProviderFailure(provider: provider, code: "bad_shape", message: "answer is not a JSON object")
        }
        guard let collection = json["weatherAlerts"], collection.objectValue != nil else { return nil }
        guard let alerts = collection["alerts"]?.arrayValue else {
            if collection["alerts"] == nil { return [] }
            throw ProviderFailure(
                provider: provider, code: "bad_shape", message: "'weatherAlerts.alerts' is not an array")
        }
        return alerts.compactMap(advisory(from:))
    }

    static func advisory(from alert: JSONValue) -> Advisory? {
        guard let title = alert["description"]?.stringValue, !title.isEmpty else { return nil }
        let area = alert["areaName"]?.stringValue ?? ""
        var advisory = Advisory(
            provider: ProviderName(stringLiteral: provider), id: alert["id"]?.stringValue, name: title,
            body: area.isEmpty ? title : "\(title) for \(area)", expires: alert["expireTime"]?.stringValue,
            severity: alert["severity"]?.stringValue)
        advisory.urgency = alert["urgency"]?.stringValue
        for key in ["certainty", "urgency", "source", "detailsUrl", "areaName"] {
            if let value = alert[key]?.stringValue, !value.isEmpty { advisory.details[key] = value }
        }
        return advisory
    }
}
