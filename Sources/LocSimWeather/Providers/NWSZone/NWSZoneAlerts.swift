package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimSupport

/// NWS active alerts by forecast zone, in two requests: `GET {nws}/points/{lat},{lon}` gives
/// the point's `properties.forecastZone` (`https://api.weather.gov/zones/forecast/FLZ015`), then
/// `GET {nws}/alerts/active?zone=FLZ015` lists what is in effect there. Both carry
/// `Accept: application/geo+json` and the `User-Agent` from `NWS_USER_AGENT`.
///
/// Why: a point query only finds alerts whose polygon (or zones' shapes) contain the point;
/// alerts issued for a zone without geometry are missed by it. The zone query finds them.
///
/// `/points` answers a problem document for places NWS does not cover (`InvalidPoint`, 404
/// outside the US) — that is the failure, with its code; a `/points` answer without
/// `forecastZone` is `bad_shape`. The alerts answer is read as ``NWSAlerts/parse(_:as:)``.
package struct NWSZoneAlerts: Sendable {
    /// The point adapter whose client, base URL, credentials and headers this one shares.
    public var nws: NWSAlerts

    public init(client: any HTTPClient, baseURL: String = NWSAlerts.endpoint.defaultBaseURL, credentials: Credentials) {
        nws = NWSAlerts(client: client, baseURL: baseURL, credentials: credentials)
    }

    static let provider = "nws-zone"

    /// The `/points` request for `place`, or `nil` without a coordinate.
    public func pointsRequest(for place: WeatherPlace) -> HTTPRequest? {
        guard let coordinate = place.coordinate else { return nil }
        let point = formatCoordinateForQuery(coordinate.latitude) + "," + formatCoordinateForQuery(coordinate.longitude)
        return HTTPRequest(url: buildURL(base: nws.baseURL, path: "/points/" + point, query: []), headers: nws.headers)
    }

    /// The alerts request for forecast zone `zone` (`FLZ015`).
    public func alertsRequest(zone: String) -> HTTPRequest {
        HTTPRequest(
            url: buildURL(base: nws.baseURL, path: "/alerts/active", query: [("zone", zone)]), headers: nws.headers)
    }

    /// The active alerts in the forecast zone of `place`'s coordinate; empty when there are none.
    public func advisories(for place: WeatherPlace) throws(ProviderFailure) -> [Advisory] {
        let zone = try fetch(
            pointsRequest(for: place), missing: "no coordinate to ask NWS about", provider: Self.provider,
            client: nws.client, credentials: nws.credentials, parse: Self.forecastZone)
        return try fetch(
            alertsRequest(zone: zone), missing: "", provider: Self.provider, client: nws.client,
            credentials: nws.credentials,
            parse: { response throws(ProviderFailure) in
                try NWSAlerts.parse(response, as: Self.provider)
            })
    }

    /// The forecast zone id (`FLZ015`) of a `/points` answer.
    public static func forecastZone(_ response: HTTPResponse) throws(ProviderFailure) -> String {
        let json = try decodeJSON(response, provider: provider)
        if let url = json[path: "properties", "forecastZone"]?.stringValue,
            let zone = url.split(separator: "/").last, !zone.isEmpty
        {
            return String(zone)
        }
        if let problem = NWSAlerts.problem(from: json, status: response.status, provider: provider) { throw problem }
        throw ProviderFailure(
            provider: provider, code: isSuccess(response.status) ? "bad_shape" : "http_\(response.status)",
            message: "/points answer without 'properties.forecastZone' (HTTP \(response.status))")
    }
}
