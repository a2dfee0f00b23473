/// A weather provider selectable with `--providers` (DESIGN §6, a contract).
public enum WeatherProviderID: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Aeris/Xweather `/advisories` (the original app's provider).
    case aeris
    /// National Weather Service `/alerts/active?point=`.
    case nws
    /// OpenWeatherMap 2.5 `/forecast`, judged by the umbrella rule.
    case owmUmbrella = "owm-umbrella"
    /// OpenWeatherMap 2.5 `/weather` current conditions.
    case owmConditions = "owm-conditions"
    /// Google's retired iGoogle XML weather API `/ig/api?weather=`.
    case googleLegacy = "google-legacy"

    public var description: String { rawValue }

    /// The default selection: the original app's provider alone.
    public static let defaultSelection: [WeatherProviderID] = [.aeris]

    /// Parses a `--providers` value: a comma list of provider names (order kept, it is the order
    /// in which providers answer each location), or `none` for no provider at all.
    ///
    /// Blanks around items are ignored. An unknown name, an empty item, a name listed twice or
    /// `none` mixed with names is an error naming the offending item.
    public static func parseList(_ text: String) throws(WeatherConfigurationError) -> [WeatherProviderID] {
        let valid = allCases.map(\.rawValue) + ["none"]
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { trim(String($0)) }
        if items == ["none"] { return [] }
        var result: [WeatherProviderID] = []
        for item in items {
            if item.isEmpty {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "empty provider name in '\(text)'; expected a comma list of \(listText(valid))")
            }
            if item == "none" {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "'none' cannot be combined with other providers")
            }
            guard let provider = WeatherProviderID(rawValue: item) else {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "unknown provider '\(item)'; expected \(listText(valid))")
            }
            if result.contains(provider) {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "provider '\(item)' is listed twice")
            }
            result.append(provider)
        }
        return result
    }
}

/// `a, b or c`.
func listText(_ values: [String]) -> String {
    guard let last = values.last else { return "" }
    if values.count == 1 { return last }
    return values.dropLast().joined(separator: ", ") + " or " + last
}

/// `text` without leading and trailing spaces and tabs.
func trim(_ text: String) -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = text.firstIndex(where: { !isBlank($0) }) else { return "" }
    let end = text.lastIndex(where: { !isBlank($0) })!
    return String(text[start...end])
}
