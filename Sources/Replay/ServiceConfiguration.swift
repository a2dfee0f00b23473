public import Push
public import Weather

/// The app side of a replay: which weather services answer `LOCATION_AVAILABLE` and whether
/// the push controller turns advisories into pushes.
public struct ServiceConfiguration: Sendable, Hashable {
    /// Providers, base URLs, credentials (placeholders when replaying), advisory selection.
    public var weather: WeatherService.Configuration
    /// Whether the push controller runs (it does in the original app).
    public var push: Bool
    /// `--push-endpoint parse=URL`: also POST each push to Parse through the HTTP client.
    public var parseEndpoint: ParseEndpoint?

    public init(weather: WeatherService.Configuration = .init(), push: Bool = true, parseEndpoint: ParseEndpoint? = nil)
    {
        self.weather = weather
        self.push = push
        self.parseEndpoint = parseEndpoint
    }
}
