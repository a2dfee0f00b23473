package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// OpenWeather One Call 3.0 (the 2.5 One Call closed in 2024):
/// `GET {owm-onecall}/onecall?lat=…&lon=…&exclude=current,minutely,daily&appid=…` (`appid` from
/// `OWM_APPID`, as for 2.5), one request for both answers:
///
/// - `alerts[]` (absent when none) → advisories: `name` = `event`, `body` = `description`,
///   `expires` = `end` and key `start` = `start` (unix seconds, written as ISO 8601 UTC),
///   `senderName` = `sender_name`, `tags` = `tags` joined with ", ". One Call gives no id;
///   alerts are told apart by name and times.
/// - the umbrella rule over `hourly[].pop`: the first ``hourlyWindow`` entries (hourly[0] is
///   the current hour), the same 18 hours as the seed's six 3-hour `/forecast` slots; absent
///   when `hourly` has no usable `pop`.
///
/// Failures read as OpenWeatherMap 2.5's: a `cod` other than 200 (`401` invalid key, `"400"`
/// wrong latitude, `429`) with `message`; `http_<status>` without one; `bad_json` for a
/// truncated body; `bad_shape` when neither `alerts` nor `hourly` nor `lat` is there.
package struct OneCallWeather: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials

    public init(
        client: any HTTPClient, baseURL: String = OneCallWeather.endpoint.defaultBaseURL, credentials: Credentials
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
    }

    static let provider = "owm-onecall"
    /// Hourly entries the umbrella rule reads: 18, the seed's `cnt=6` 3-hour slots.
    public static let hourlyWindow = UmbrellaRule.slotCount * 3

    /// The `owm-onecall` base URL: `https://api.openweathermap.org/data/3.0`.
    public static let endpoint = EndpointDeclaration.openWeatherMapOneCall

    /// What one answer says.
    public struct Report: Sendable, Hashable {
        /// The alerts, in One Call's order.
        public var alerts: [Advisory]
        /// The umbrella verdict for the next 18 hours, when `hourly` has a `pop`.
        public var umbrella: UmbrellaRule?
    }

    /// The request for `place`, or `nil` without a coordinate.
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        guard let coordinate = place.coordinate else { return nil }
        let query = [
            ("lat", formatCoordinateForQuery(coordinate.latitude)),
            ("lon", formatCoordinateForQuery(coordinate.longitude)),
            ("exclude", "current,minutely,daily"),
            ("appid", credentials[OpenWeatherMap.appID.variable]),
        ]
        return HTTPRequest(url: buildURL(base: baseURL, path: "/onecall", query: query))
    }

    /// The alerts and umbrella verdict at `place`.
    public func report(for place: WeatherPlace) throws(ProviderFailure) -> Report {
        try fetch(
            request(for: place), missing: "no coordinate to ask One Call about", provider: Self.provider,
            client: client, credentials: credentials, parse: Self.parse)
    }

    /// Reads a One Call answer (see the type's documentation).
    public static func parse(_ response: HTTPResponse) throws(ProviderFailure) -> Report {
        let json = try OpenWeatherMap.checked(response, provider: provider)
        let alerts = json["alerts"]?.arrayValue
        let hourly = json["hourly"]?.arrayValue
        guard alerts != nil || hourly != nil || json["lat"] != nil else {
            throw ProviderFailure(
                provider: provider, code: "bad_shape", message: "answer has neither 'alerts', 'hourly' nor 'lat'")
        }
        return Report(
            alerts: (alerts ?? []).compactMap(advisory(from:)),
            umbrella: hourly.flatMap { UmbrellaRule.evaluate(list: $0, slots: hourlyWindow) })
    }

    static func advisory(from alert: JSONValue) -> Advisory? {
        guard let event = alert["event"]?.stringValue, !event.isEmpty else { return nil }
        var advisory = Advisory(
            provider: ProviderName(stringLiteral: provider), name: event,
            body: alert["description"]?.stringValue ?? "", expires: isoTime(alert["end"]))
        if let start = isoTime(alert["start"]) { advisory.details["start"] = start }
        if let sender = alert["sender_name"]?.stringValue, !sender.isEmpty { advisory.details["senderName"] = sender }
        let tags = (alert["tags"]?.arrayValue ?? []).compactMap(\.stringValue).filter { !$0.isEmpty }
        if !tags.isEmpty { advisory.details["tags"] = tags.joined(separator: ", ") }
        return advisory
    }

    /// Unix seconds (a number or numeric string) as ISO 8601 UTC.
    static func isoTime(_ value: JSONValue?) -> String? {
        guard let literal = value?.numberLiteral, let seconds = Double(literal) else { return nil }
        return ISO8601Timestamp.format(epochSeconds: seconds)
    }
}
