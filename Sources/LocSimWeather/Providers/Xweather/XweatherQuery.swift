/// Which Xweather `/alerts` action the `xweather` provider asks (`--xweather-query`, `xweather.query`).
public enum XweatherQuery: String, Sendable, Hashable, CaseIterable {
    /// `/alerts/{city},{state},{country}`: the place the geocoder named (the default).
    case place
    /// `/alerts/closest?p={lat},{lon}`: the device's point.
    case closest
}
