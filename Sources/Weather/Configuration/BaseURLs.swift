/// The base URL of every remote service, overridable with `--base-url KEY=URL` so that record
/// mode can be tested against a server on loopback (DESIGN §7).
public struct BaseURLs: Sendable, Hashable {
    /// A `--base-url` key (DESIGN §6, a contract).
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case aeris, nws, owm, google, nominatim, parse
    }

    /// The public endpoints.
    public static let defaults = BaseURLs(values: [
        .aeris: "https://api.aerisapi.com",
        .nws: "https://api.weather.gov",
        .owm: "https://api.openweathermap.org/data/2.5",
        .google: "https://www.google.com",
        .nominatim: "https://nominatim.openstreetmap.org",
        .parse: "https://api.parse.com/1",
    ])

    private var values: [Key: String]

    /// The base URL for `key`, without a trailing slash.
    public subscript(key: Key) -> String {
        get { values[key] ?? BaseURLs.defaults.values[key]! }
        set { values[key] = BaseURLs.stripTrailingSlashes(newValue) }
    }

    /// Applies one `--base-url` argument, `KEY=URL` (`aeris=http://127.0.0.1:8080`). The URL must
    /// be `http://` or `https://` with a host; a trailing slash is dropped.
    public mutating func parse(argument: String) throws(WeatherConfigurationError) {
        let valid = Key.allCases.map(\.rawValue)
        guard let equals = argument.firstIndex(of: "=") else {
            throw WeatherConfigurationError(
                option: "--base-url", value: argument, validValues: valid,
                message: "expected KEY=URL with KEY one of \(listText(valid)), got '\(argument)'")
        }
        let name = trim(String(argument[..<equals]))
        let url = trim(String(argument[argument.index(after: equals)...]))
        guard let key = Key(rawValue: name) else {
            throw WeatherConfigurationError(
                option: "--base-url", value: name, validValues: valid,
                message: "unknown base URL key '\(name)'; expected \(listText(valid))")
        }
        guard BaseURLs.isHTTPURL(url) else {
            throw WeatherConfigurationError(
                option: "--base-url", value: url, validValues: [],
                message: "'\(url)' for '\(name)' is not an http:// or https:// URL with a host")
        }
        self[key] = url
    }

    /// The defaults with every `KEY=URL` argument applied in order (a later one wins).
    public static func parsing(_ arguments: [String]) throws(WeatherConfigurationError) -> BaseURLs {
        var urls = BaseURLs.defaults
        for argument in arguments { try urls.parse(argument: argument) }
        return urls
    }

    static func isHTTPURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("http://") {
            rest = lower.dropFirst(7)
        } else if lower.hasPrefix("https://") {
            rest = lower.dropFirst(8)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains(" ") && !text.contains("?") && !text.contains("#")
    }

    static func stripTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
