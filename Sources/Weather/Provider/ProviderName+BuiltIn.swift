public import LocSimSettings

extension ProviderName {
    /// Aeris/Xweather `/advisories` (``AerisProvider``).
    public static let aeris: ProviderName = "aeris"
    /// National Weather Service alerts (``NWSProvider``).
    public static let nws: ProviderName = "nws"
    /// OpenWeatherMap 2.5 umbrella rule (``OpenWeatherMapUmbrellaProvider``).
    public static let owmUmbrella: ProviderName = "owm-umbrella"
    /// OpenWeatherMap 2.5 current conditions (``OpenWeatherMapConditionsProvider``).
    public static let owmConditions: ProviderName = "owm-conditions"
    /// Google's retired iGoogle API (``GoogleLegacyProvider``).
    public static let googleLegacy: ProviderName = "google-legacy"
}
