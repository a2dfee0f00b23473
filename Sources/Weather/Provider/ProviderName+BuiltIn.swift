public import LocSimSettings

extension ProviderName {
    /// Aeris/Xweather `/advisories` (``AerisProvider``).
    public static let aeris: ProviderName = "aeris"
    /// Xweather `/alerts` by place or closest point (``XweatherProvider``).
    public static let xweather: ProviderName = "xweather"
    /// National Weather Service alerts (``NWSProvider``).
    public static let nws: ProviderName = "nws"
    /// National Weather Service alerts by forecast zone (``NWSZoneProvider``).
    public static let nwsZone: ProviderName = "nws-zone"
    /// OpenWeatherMap 2.5 umbrella rule (``OpenWeatherMapUmbrellaProvider``).
    public static let owmUmbrella: ProviderName = "owm-umbrella"
    /// OpenWeatherMap 2.5 current conditions (``OpenWeatherMapConditionsProvider``).
    public static let owmConditions: ProviderName = "owm-conditions"
    /// OpenWeather One Call 3.0 alerts and umbrella rule (``OneCallProvider``).
    public static let owmOneCall: ProviderName = "owm-onecall"
    /// Apple WeatherKit REST alerts (``WeatherKitProvider``).
    public static let weatherKit: ProviderName = "weatherkit"
    /// Google's retired iGoogle API (``GoogleLegacyProvider``).
    public static let googleLegacy: ProviderName = "google-legacy"
}
