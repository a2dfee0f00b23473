package import LocSimAppServices
import LocSimCanonicalJSON
package import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport

/// OpenWeatherMap 2.5 as the iOS 7 weather-app case study asks it (its `WXClient`): three
/// requests per place, all `units=imperial` (°F, mph), `appid` from `OWM_APPID`:
///
/// - ``Kind/current``: `GET {owm}/weather?lat=…&lon=…&units=imperial&appid=…`
/// - ``Kind/hourly``: `GET {owm}/forecast?lat=…&lon=…&units=imperial&cnt=12&appid=…` (twelve
///   3-hour slots)
/// - ``Kind/daily``: `GET {owm}/forecast/daily?lat=…&lon=…&units=imperial&cnt=7&appid=…`
///
/// Each answer becomes `CONDITIONS_AVAILABLE` with `kind` = the request's name and the fields
/// the case study displays, read strictly (a JSON number where a number is documented):
///
/// - current: `condition` = `weather[0].main`, `icon` = `weather[0].icon`, `temperature` =
///   `main.temp`, `high` = `main.temp_max`, `low` = `main.temp_min`; when given `description`,
///   `reportedLocation` = `name`, `time` = `dt`;
/// - hourly, one per slot of the first 12: `time` = `dt`, `temperature` = `main.temp`,
///   `condition`, `icon` (and `description`);
/// - daily, one per slot of the first 7: `time` = `dt`, `high` = `temp.max`, `low` = `temp.min`,
///   `condition`, `icon` (and `description`).
///
/// `time` is `dt` (unix seconds) as ISO 8601 UTC; `units` is `fahrenheit`. Failures read as for
/// ``OpenWeatherMap`` (`cod`, `http_<status>`, `bad_json`); a missing or mistyped field, fewer
/// slots than `cnt` asked for, or the other forecast's slot shape is `bad_shape` naming the field.
/// Every message starts with the request's path (`/forecast/daily: Invalid API key. …`).
package struct OpenWeatherMapForecast: Sendable {
    /// One of the three requests.
    public enum Kind: String, CaseIterable, Sendable {
        case current, hourly, daily

        /// The path under the `owm` base URL.
        public var path: String {
            switch self {
            case .current: "/weather"
            case .hourly: "/forecast"
            case .daily: "/forecast/daily"
            }
        }

        /// The slots asked for (`cnt`), `nil` for current conditions.
        public var slotCount: Int? {
            switch self {
            case .current: nil
            case .hourly: 12
            case .daily: 7
            }
        }
    }

    public var client: any HTTPClient
    public var baseURL: String
    public var credentials: Credentials

    public init(
        client: any HTTPClient, baseURL: String = OpenWeatherMap.endpoint.defaultBaseURL, credentials: Credentials
    ) {
        self.client = client
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.credentials = credentials
    }

    static let provider = "owm-forecast"
    /// The case study's `units`: °F and mph.
    public static let units = "imperial"

    /// The `kind` request for `place`, or `nil` without a coordinate.
    public func request(_ kind: Kind, for place: WeatherPlace) -> HTTPRequest? {
        guard let coordinate = place.coordinate else { return nil }
        var query = [
            ("lat", formatCoordinateForQuery(coordinate.latitude)),
            ("lon", formatCoordinateForQuery(coordinate.longitude)),
            ("units", Self.units),
        ]
        if let count = kind.slotCount { query.append(("cnt", String(count))) }
        query.append(("appid", credentials[OpenWeatherMap.appID.variable]))
        return HTTPRequest(url: buildURL(base: baseURL, path: kind.path, query: query))
    }

    /// The `kind` answer at `place`: one conditions value, or one per slot.
    public func conditions(_ kind: Kind, for place: WeatherPlace) throws(ProviderFailure) -> [WeatherConditions] {
        do {
            return try fetch(
                request(kind, for: place), missing: "no coordinate to ask OpenWeatherMap about",
                provider: Self.provider, client: client, credentials: credentials
            ) { response throws(ProviderFailure) in try Self.parse(kind, response) }
        } catch {
            throw ProviderFailure(provider: error.provider, code: error.code, message: "\(kind.path): \(error.message)")
        }
    }

    /// Reads a `kind` answer (see the type's documentation); messages do not carry the path.
    public static func parse(_ kind: Kind, _ response: HTTPResponse) throws(ProviderFailure) -> [WeatherConditions] {
        let json = try OpenWeatherMap.checked(response, provider: provider)
        switch kind {
        case .current: return [try current(json)]
        case .hourly, .daily: return try slots(kind, json)
        }
    }

    private static func current(_ json: JSONValue) throws(ProviderFailure) -> WeatherConditions {
        var conditions = try conditions(.current, json, at: "")
        conditions.temperature = try number(json[path: "main", "temp"], "main.temp")
        conditions.high = try number(json[path: "main", "temp_max"], "main.temp_max")
        conditions.low = try number(json[path: "main", "temp_min"], "main.temp_min")
        conditions.reportedLocation = json["name"]?.stringValue
        if json["dt"] != nil { conditions.time = try time(json["dt"], "dt") }
        return conditions
    }

    private static func slots(_ kind: Kind, _ json: JSONValue) throws(ProviderFailure) -> [WeatherConditions] {
        guard let list = json["list"]?.arrayValue else { throw shape("answer has no 'list' array") }
        // The other forecast's answer is named as such, whatever its slot count.
        if let first = list.first { try checkSlotShape(kind, first, at: "list[0]") }
        let asked = kind.slotCount ?? 0
        guard list.count >= asked else {
            throw shape("'list' has \(list.count) slots, but cnt=\(asked) asked for \(asked)")
        }
        var result: [WeatherConditions] = []
        for (index, slot) in list.prefix(asked).enumerated() {
            let at = "list[\(index)]"
            try checkSlotShape(kind, slot, at: at)
            var conditions = try conditions(kind, slot, at: at + ".")
            conditions.time = try time(slot["dt"], at + ".dt")
            if kind == .hourly {
                conditions.temperature = try number(slot[path: "main", "temp"], at + ".main.temp")
            } else {
                conditions.high = try number(slot[path: "temp", "max"], at + ".temp.max")
                conditions.low = try number(slot[path: "temp", "min"], at + ".temp.min")
            }
            result.append(conditions)
        }
        return result
    }

    /// Refuses a slot of the other forecast: a daily slot has `temp` {day, min, max, …} and no
    /// `main`; a 3-hour slot has `main` and no `temp`.
    private static func checkSlotShape(_ kind: Kind, _ slot: JSONValue, at: String) throws(ProviderFailure) {
        let daily = slot["main"] == nil && slot["temp"]?.objectValue != nil
        let hourly = slot["main"]?.objectValue != nil && slot["temp"] == nil
        if kind == .hourly, daily {
            throw shape(
                "\(at) has 'temp' {day, min, max, …} and no 'main': a /forecast/daily answer, not 3-hour slots")
        }
        if kind == .daily, hourly {
            throw shape("\(at) has 'main' and no 'temp': a /forecast answer, not daily slots")
        }
    }

    /// `condition`, `icon` and `description` from `weather[0]` of `json`.
    private static func conditions(
        _ kind: Kind, _ json: JSONValue, at: String
    ) throws(ProviderFailure)
        -> WeatherConditions
    {
        guard let weather = json["weather"]?.arrayValue?.first else {
            throw shape(at.isEmpty ? "answer has no 'weather[0]'" : "\(at.dropLast()) has no 'weather[0]'")
        }
        return WeatherConditions(
            provider: ProviderName(stringLiteral: provider), kind: kind.rawValue,
            condition: try text(weather["main"], at + "weather[0].main"),
            description: weather["description"]?.stringValue, icon: try text(weather["icon"], at + "weather[0].icon"),
            units: OpenWeatherMap.unitName(units))
    }

    /// A documented number: its JSON literal.
    private static func number(_ value: JSONValue?, _ field: String) throws(ProviderFailure) -> String {
        switch value {
        case .number(let literal): return literal
        case .string(let text): throw shape("'\(field)' is the string \"\(excerpt(text))\", not a number")
        case nil, .null: throw shape("'\(field)' is missing")
        default: throw shape("'\(field)' is not a number")
        }
    }

    /// A documented string.
    private static func text(_ value: JSONValue?, _ field: String) throws(ProviderFailure) -> String {
        switch value {
        case .string(let text) where !text.isEmpty: return text
        case nil, .null: throw shape("'\(field)' is missing")
        default: throw shape("'\(field)' is not a non-empty string")
        }
    }

    /// `dt` (unix seconds, a number) as ISO 8601 UTC.
    private static func time(_ value: JSONValue?, _ field: String) throws(ProviderFailure) -> String {
        let literal = try number(value, field)
        guard let seconds = Double(literal), let time = ISO8601Timestamp.format(epochSeconds: seconds) else {
            throw shape("'\(field)' (\(literal)) is not a time in unix seconds")
        }
        return time
    }

    private static func shape(_ message: String) -> ProviderFailure {
        ProviderFailure(provider: provider, code: "bad_shape", message: message)
    }
}
