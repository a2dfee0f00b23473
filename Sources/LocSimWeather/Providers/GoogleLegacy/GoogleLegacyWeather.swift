package import LocSimAppServices
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSafeXML
import LocSimSupport

/// Google's retired iGoogle weather API: `GET {google}/ig/api?weather={postal code or City,ST}`,
/// answered with XML whose values sit in `data` attributes, read with the package's libxml2
/// tree reader (`LocSimSafeXML.XMLTreeElement`: no network, no entity expansion, size caps). Kept for
/// regression against old recordings.
///
/// ```xml
/// <xml_api_reply version="1"><weather …>
///   <forecast_information><city data="Portland, OR"/><postal_code data="97217"/>…<unit_system data="US"/></forecast_information>
///   <current_conditions><condition data="Partly Cloudy"/><temp_f data="72"/><temp_c data="22"/>
///     <humidity data="Humidity: 52%"/><icon data="/ig/images/weather/partly_cloudy.gif"/><wind_condition data="Wind: NW at 7 mph"/></current_conditions>
///   <forecast_conditions><day_of_week data="Tue"/><low data="59"/><high data="84"/>…</forecast_conditions> …
/// </weather></xml_api_reply>
/// ```
///
/// → `CONDITIONS_AVAILABLE` {condition, temperature (`temp_f`, °F), humidity, wind, icon as
/// given; high and low of the first `forecast_conditions` (today); reportedLocation = `city`}.
/// With `unit_system` `SI` the forecast is in °C, so temperature is `temp_c` and `units` says so.
///
/// Failures: `weather/problem_cause` (Google's "no such place") → `problem_cause`; a body that is
/// not well-formed XML → `http_<status>` for an error status, else `bad_xml`; XML of another
/// shape → `bad_shape`. A body declared ISO-8859-1 only in `Content-Type` (as Google served
/// non-English answers) is transcoded to UTF-8 before parsing.
package struct GoogleLegacyWeather: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials

    public init(
        client: any HTTPClient, baseURL: String = GoogleLegacyWeather.endpoint.defaultBaseURL,
        credentials: Credentials = .placeholders
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
    }

    static let provider = "google-legacy"

    /// The `google` base URL: `https://www.google.com`.
    public static let endpoint = EndpointDeclaration(key: "google", defaultBaseURL: "https://www.google.com")

    /// The `weather=` value: the postal code when known (`97217`), else `City,ST` (`City,Country`
    /// outside the US and Canada); `nil` without either.
    public static func query(for place: WeatherPlace) -> String? {
        if let postalCode = place.postalCode, !postalCode.isEmpty { return postalCode }
        guard !place.city.isEmpty else { return nil }
        let second = place.usesStateCode ? place.state : (place.country.isEmpty ? place.state : place.country)
        return second.isEmpty ? place.city : place.city + "," + second
    }

    /// The request for `place`, or `nil` when there is nothing to ask about.
    public func request(for place: WeatherPlace) -> HTTPRequest? {
        guard let query = Self.query(for: place) else { return nil }
        return HTTPRequest(url: buildURL(base: baseURL, path: "/ig/api", query: [("weather", query)]))
    }

    /// Current conditions and today's high and low at `place`.
    public func conditions(for place: WeatherPlace) throws(ProviderFailure) -> WeatherConditions {
        try fetch(
            request(for: place), missing: "no postal code or city to ask Google about", provider: Self.provider,
            client: client, credentials: credentials, parse: Self.parse)
    }

    /// Reads an `/ig/api` answer (see the type's documentation).
    public static func parse(_ response: HTTPResponse) throws(ProviderFailure) -> WeatherConditions {
        let root: XMLTreeElement
        do {
            root = try XMLTreeElement.parse(bytes: utf8Body(response))
        } catch {
            if !isSuccess(response.status) {
                throw ProviderFailure(
                    provider: provider, code: "http_\(response.status)",
                    message: "HTTP \(response.status) with a body that is not XML (\(bodySummary(response)))")
            }
            throw ProviderFailure(
                provider: provider, code: "bad_xml",
                message: "response is not well-formed XML at \(error.line):\(error.column): \(error.message)")
        }
        guard root.name == "xml_api_reply", let weather = root.child("weather") else {
            throw ProviderFailure(
                provider: provider, code: isSuccess(response.status) ? "bad_shape" : "http_\(response.status)",
                message: "answer is not <xml_api_reply><weather> (root <\(root.name)>, HTTP \(response.status))")
        }
        if let problem = weather.child("problem_cause") {
            let detail = problem.attributes["data"].flatMap { $0.isEmpty ? nil : $0 }
            throw ProviderFailure(
                provider: provider, code: "problem_cause",
                message: excerpt(detail ?? "Google has no weather for the requested place"))
        }
        guard let current = weather.child("current_conditions"),
            let condition = current.attribute("data", at: "condition")
        else {
            throw ProviderFailure(
                provider: provider, code: "bad_shape", message: "answer has no current_conditions/condition@data")
        }
        let metric = weather.attribute("data", at: "forecast_information/unit_system") == "SI"
        let today = weather.child("forecast_conditions")
        func value(_ element: XMLTreeElement?, _ path: String) -> String? {
            element?.attribute("data", at: path).flatMap { $0.isEmpty ? nil : $0 }
        }
        return WeatherConditions(
            provider: ProviderName(stringLiteral: provider), kind: "current", condition: condition,
            temperature: value(current, metric ? "temp_c" : "temp_f"),
            high: value(today, "high"), low: value(today, "low"),
            humidity: value(current, "humidity"), wind: value(current, "wind_condition"),
            icon: value(current, "icon"), units: metric ? "celsius" : "fahrenheit",
            reportedLocation: value(weather, "forecast_information/city"))
    }

    /// The body as UTF-8: transcoded from ISO-8859-1 when only `Content-Type` declares that
    /// charset (an XML declaration naming an encoding is left to libxml2).
    static func utf8Body(_ response: HTTPResponse) -> [UInt8] {
        let contentType = (response.header("Content-Type") ?? "").lowercased()
        guard contentType.contains("iso-8859-1") || contentType.contains("latin1") else { return response.body }
        let head = String(decoding: response.body.prefix(100), as: UTF8.self)
        if head.hasPrefix("<?xml"), let end = head.firstRange(of: "?>"), head[..<end.lowerBound].contains("encoding") {
            return response.body
        }
        var scalars = String.UnicodeScalarView()
        for byte in response.body { scalars.append(Unicode.Scalar(byte)) }
        return Array(String(scalars).utf8)
    }
}
