import LocSimSupport

extension EndpointDeclaration {
    /// The National Weather Service (`https://api.weather.gov`): positions in `point=lat,lon`
    /// (`/alerts/active`) and in `/points/{lat},{lon}`. The `nws` providers' endpoint.
    public static let nws = EndpointDeclaration(
        key: "nws", defaultBaseURL: "https://api.weather.gov",
        positions: [.query("point"), .path("/points/{lat},{lon}")])

    /// OpenWeatherMap 2.5 (`https://api.openweathermap.org/data/2.5`): positions in `lat=…&lon=…`.
    /// The `owm` providers' endpoint.
    public static let openWeatherMap = EndpointDeclaration(
        key: "owm", defaultBaseURL: "https://api.openweathermap.org/data/2.5",
        positions: [.queryPair(latitude: "lat", longitude: "lon")])

    /// OpenWeatherMap One Call 3.0 (`https://api.openweathermap.org/data/3.0`): positions in
    /// `lat=…&lon=…`. The `owm-onecall` provider's endpoint.
    public static let openWeatherMapOneCall = EndpointDeclaration(
        key: "owm-onecall", defaultBaseURL: "https://api.openweathermap.org/data/3.0",
        positions: [.queryPair(latitude: "lat", longitude: "lon")])

    /// Apple WeatherKit REST (`https://weatherkit.apple.com`): positions in the path,
    /// `/api/v1/weather/{language}/{lat}/{lon}`. The `weatherkit` provider's endpoint.
    public static let weatherKit = EndpointDeclaration(
        key: "weatherkit", defaultBaseURL: "https://weatherkit.apple.com",
        positions: [.path("/api/v1/weather/*/{lat}/{lon}")])

    /// Xweather (`https://data.api.xweather.com`): positions in `p=lat,lon`. The `xweather`
    /// provider's endpoint.
    public static let xweather = EndpointDeclaration(
        key: "xweather", defaultBaseURL: "https://data.api.xweather.com", positions: [.query("p")])
}
