public import LocSimPluginOptions
public import LocSimSupport

/// Current or forecast conditions: the `CONDITIONS_AVAILABLE` event.
///
/// Numbers are kept as the provider wrote them (JSON literals, XML attribute text), so a
/// transcript shows exactly what was received.
public struct WeatherConditions: Sendable, Hashable {
    public var provider: ProviderName
    /// `current` or `forecast`; `owm-forecast` says `current`, `hourly` or `daily`.
    public var kind: String
    /// Short condition ("Rain", "Clear").
    public var condition: String
    /// Longer text ("moderate rain"), when the provider has one.
    public var description: String?
    public var temperature: String?
    public var high: String?
    public var low: String?
    /// As given: OWM a percentage number ("64"), Google a phrase ("Humidity: 62%").
    public var humidity: String?
    /// As given: OWM the speed ("4.12"), Google a phrase ("Wind: N at 8 mph").
    public var wind: String?
    /// Wind direction in degrees (OWM `wind.deg`).
    public var windDirection: String?
    public var icon: String?
    /// Temperature unit: `kelvin`, `celsius` or `fahrenheit`.
    public var units: String?
    /// The provider's own name for the place ("Zocca", "Portland, OR").
    public var reportedLocation: String?
    /// Forecast slot time as given (OWM `dt_txt`, Google `day_of_week`); `owm-forecast`: `dt` as
    /// ISO 8601 UTC.
    public var time: String?

    public init(
        provider: ProviderName, kind: String, condition: String, description: String? = nil,
        temperature: String? = nil, high: String? = nil, low: String? = nil, humidity: String? = nil,
        wind: String? = nil, windDirection: String? = nil, icon: String? = nil, units: String? = nil,
        reportedLocation: String? = nil, time: String? = nil
    ) {
        self.provider = provider
        self.kind = kind
        self.condition = condition
        self.description = description
        self.temperature = temperature
        self.high = high
        self.low = low
        self.humidity = humidity
        self.wind = wind
        self.windDirection = windDirection
        self.icon = icon
        self.units = units
        self.reportedLocation = reportedLocation
        self.time = time
    }

    /// The `CONDITIONS_AVAILABLE` userInfo: {location, provider, kind, condition} plus every
    /// known field under its property name.
    public func userInfo(location: String) -> [String: String] {
        var info = ["location": location, "provider": provider.rawValue, "kind": kind, "condition": condition]
        let optional: [(String, String?)] = [
            ("description", description), ("temperature", temperature), ("high", high), ("low", low),
            ("humidity", humidity), ("wind", wind), ("windDirection", windDirection), ("icon", icon),
            ("units", units), ("reportedLocation", reportedLocation), ("time", time),
        ]
        for (key, value) in optional {
            if let value, !value.isEmpty { info[key] = value }
        }
        return info
    }
}
