public import LocSimAppServices
import LocSimCanonicalJSON
public import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// OpenWeatherMap 2.5: `GET {owm}/forecast?lat=…&lon=…&cnt=6&appid=…` for the umbrella rule
/// (and optional forecast conditions), `GET {owm}/weather?lat=…&lon=…&appid=…` for current
/// conditions. Coordinates have at most 4 decimals, trailing zeros trimmed.
///
/// `units` is left out by default (the requests in docs/contract.md, Providers; OWM then answers in Kelvin and
/// m/s); set it to `metric` or `imperial` to have it sent. The umbrella rule does not depend on
/// it; `CONDITIONS_AVAILABLE` says which unit applies in `units`.
///
/// `cod` decides, not the HTTP status alone: it may be a number (`200`, `401`, `429`) or a
/// string (`"200"`, `"404"`). Any `cod` other than 200 → failure with that code and OWM's
/// `message`. No `cod` with an error status → `http_<status>`. A non-JSON body → `http_<status>`
/// or `bad_json`. A JSON answer without `list` (forecast) or `weather` (current) → `bad_shape`.
public struct OpenWeatherMap: Sendable {
    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials
    /// OWM's `units` parameter (`standard`, `metric`, `imperial`); `nil` leaves it out.
    public var units: String?

    public init(
        client: any HTTPClient, baseURL: String = OpenWeatherMap.endpoint.defaultBaseURL, credentials: Credentials,
        units: String? = nil
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
        self.units = units
    }

    static let umbrellaProvider = "owm-umbrella"
    static let conditionsProvider = "owm-conditions"

    /// The `owm` base URL: `https://api.openweathermap.org/data/2.5`.
    public static let endpoint = EndpointDeclaration.openWeatherMap
    /// `appid`, from `OWM_APPID`.
    public static let appID = SecretDeclaration(
        variable: "OWM_APPID", queryParameters: ["appid"], hosts: [endpoint.defaultHost])

    /// The `/forecast` request (`cnt=6`), or `nil` without a coordinate.
    public func forecastRequest(for place: WeatherPlace) -> HTTPRequest? {
        request(path: "/forecast", place: place, extra: [("cnt", String(UmbrellaRule.slotCount))])
    }

    /// The `/weather` request, or `nil` without a coordinate.
    public func currentRequest(for place: WeatherPlace) -> HTTPRequest? {
        request(path: "/weather", place: place, extra: [])
    }

    private func request(path: String, place: WeatherPlace, extra: [(String, String)]) -> HTTPRequest? {
        guard let coordinate = place.coordinate else { return nil }
        var query = [
            ("lat", formatCoordinateForQuery(coordinate.latitude)),
            ("lon", formatCoordinateForQuery(coordinate.longitude)),
        ]
        query += extra
        if let units { query.append(("units", units)) }
        query.append(("appid", credentials[Self.appID.variable]))
        return HTTPRequest(url: buildURL(base: baseURL, path: path, query: query))
    }

    /// The umbrella verdict for the next 18 hours at `place`.
    public func umbrella(for place: WeatherPlace) throws(ProviderFailure) -> UmbrellaRule {
        try ask(forecastRequest(for: place), provider: Self.umbrellaProvider, parse: Self.parseUmbrella)
    }

    /// Current conditions at `place`.
    public func currentConditions(for place: WeatherPlace) throws(ProviderFailure) -> WeatherConditions {
        try ask(currentRequest(for: place), provider: Self.conditionsProvider) { response throws(ProviderFailure) in
            try Self.parseCurrentConditions(response, units: units)
        }
    }

    /// The forecast slots (up to 6, three hours each) at `place` as conditions.
    public func forecastConditions(for place: WeatherPlace) throws(ProviderFailure) -> [WeatherConditions] {
        try ask(forecastRequest(for: place), provider: Self.conditionsProvider) { response throws(ProviderFailure) in
            try Self.parseForecastConditions(response, units: units)
        }
    }

    private func ask<T>(
        _ request: HTTPRequest?, provider: String, parse: (HTTPResponse) throws(ProviderFailure) -> T
    ) throws(ProviderFailure) -> T {
        try fetch(
            request, missing: "no coordinate to ask OpenWeatherMap about", provider: provider, client: client,
            credentials: credentials, parse: parse)
    }

    /// Reads a `/forecast` answer and applies the umbrella rule to its first 6 slots.
    public static func parseUmbrella(_ response: HTTPResponse) throws(ProviderFailure) -> UmbrellaRule {
        let list = try forecastList(response, provider: umbrellaProvider)
        guard let rule = UmbrellaRule.evaluate(list: list) else {
            throw ProviderFailure(
                provider: umbrellaProvider, code: "bad_shape",
                message: "no usable 'pop' in the first \(UmbrellaRule.slotCount) forecast slots")
        }
        return rule
    }

    /// Reads a `/weather` answer: condition `weather[0].main`, description `weather[0].description`,
    /// temperature `main.temp`, high `main.temp_max`, low `main.temp_min`, humidity `main.humidity`,
    /// wind `wind.speed`, direction `wind.deg`, icon `weather[0].icon`, reported location `name`.
    public static func parseCurrentConditions(
        _ response: HTTPResponse, units: String?
    ) throws(ProviderFailure)
        -> WeatherConditions
    {
        let json = try checked(response, provider: conditionsProvider)
        guard let weather = json["weather"]?.arrayValue?.first,
            let condition = weather["main"]?.stringValue ?? weather["description"]?.stringValue
        else {
            throw ProviderFailure(
                provider: conditionsProvider, code: "bad_shape", message: "answer has no 'weather[0].main'")
        }
        var conditions = conditions(from: json, weather: weather, condition: condition, units: units)
        conditions.kind = "current"
        conditions.reportedLocation = json["name"]?.stringValue
        return conditions
    }

    /// Reads a `/forecast` answer: one `forecast` conditions per slot of the first 6, `time` = `dt_txt`.
    public static func parseForecastConditions(
        _ response: HTTPResponse, units: String?
    ) throws(ProviderFailure)
        -> [WeatherConditions]
    {
        let list = try forecastList(response, provider: conditionsProvider)
        var result: [WeatherConditions] = []
        for slot in list.prefix(UmbrellaRule.slotCount) {
            guard let weather = slot["weather"]?.arrayValue?.first,
                let condition = weather["main"]?.stringValue ?? weather["description"]?.stringValue
            else { continue }
            var conditions = conditions(from: slot, weather: weather, condition: condition, units: units)
            conditions.time = slot["dt_txt"]?.stringValue ?? slot["dt"]?.text
            result.append(conditions)
        }
        if result.isEmpty {
            throw ProviderFailure(
                provider: conditionsProvider, code: "bad_shape", message: "no forecast slot has 'weather[0].main'")
        }
        return result
    }

    private static func conditions(
        from json: JSONValue, weather: JSONValue, condition: String, units: String?
    )
        -> WeatherConditions
    {
        WeatherConditions(
            provider: ProviderName(stringLiteral: conditionsProvider), kind: "forecast", condition: condition,
            description: weather["description"]?.stringValue,
            temperature: json[path: "main", "temp"]?.numberLiteral,
            high: json[path: "main", "temp_max"]?.numberLiteral,
            low: json[path: "main", "temp_min"]?.numberLiteral,
            humidity: json[path: "main", "humidity"]?.numberLiteral,
            wind: json[path: "wind", "speed"]?.numberLiteral,
            windDirection: json[path: "wind", "deg"]?.numberLiteral,
            icon: weather["icon"]?.stringValue,
            units: unitName(units))
    }

    /// `kelvin`, `celsius` or `fahrenheit` for OWM's `units` value.
    static func unitName(_ units: String?) -> String {
        switch units {
        case "metric": return "celsius"
        case "imperial": return "fahrenheit"
        default: return "kelvin"
        }
    }

    private static func forecastList(_ response: HTTPResponse, provider: String) throws(ProviderFailure) -> [JSONValue]
    {
        let json = try checked(response, provider: provider)
        guard let list = json["list"]?.arrayValue else {
            throw ProviderFailure(provider: provider, code: "bad_shape", message: "answer has no 'list' array")
        }
        return list
    }

    /// The JSON answer when `cod` says 200 (or is absent with a 2xx status).
    static func checked(_ response: HTTPResponse, provider: String) throws(ProviderFailure) -> JSONValue {
        let json = try decodeJSON(response, provider: provider)
        guard json.objectValue != nil else {
            throw ProviderFailure(
                provider: provider, code: isSuccess(response.status) ? "bad_shape" : "http_\(response.status)",
                message: "answer is not a JSON object (HTTP \(response.status))")
        }
        let message = json["message"]?.text.map(excerpt)
        if let cod = json["cod"]?.text {
            if Double(cod) == 200 { return json }
            throw ProviderFailure(
                provider: provider, code: cod,
                message: message ?? "OpenWeatherMap answered cod \(cod) (HTTP \(response.status))")
        }
        if !isSuccess(response.status) {
            throw ProviderFailure(
                provider: provider, code: "http_\(response.status)",
                message: message ?? "HTTP \(response.status) without a 'cod'")
        }
        return json
    }
}
