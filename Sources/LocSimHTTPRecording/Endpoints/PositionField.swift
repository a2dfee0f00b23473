/// Where a request to an endpoint carries the device's position, declared next to the endpoint
/// (``EndpointDeclaration/positions``) so that replay matches it as a position: a request is
/// answered by the recording at the nearest position among otherwise identical requests, within
/// the cassette's tolerance (``MatchingRules/defaultToleranceMetres`` unless it says otherwise).
///
/// ```swift
/// EndpointDeclaration(key: "nws", defaultBaseURL: "https://api.weather.gov",
///                     positions: [.query("point"), .path("/points/{lat},{lon}")])
/// ```
public enum PositionField: Sendable, Hashable {
    /// One query parameter holding `lat,lon` (NWS `point=29.7965,-91.5019`, Xweather `p=…`).
    case query(String)
    /// Two query parameters, one number each (OpenWeatherMap `lat=…&lon=…`).
    case queryPair(latitude: String, longitude: String)
    /// Path segments after the endpoint's base URL: literal segments, `*` for any one segment,
    /// `{lat}` and `{lon}` alone in a segment or together as `{lat},{lon}` (NWS
    /// `/points/{lat},{lon}`, WeatherKit `/api/v1/weather/*/{lat}/{lon}`).
    case path(String)
}
