public import Simulation

/// What a ``WeatherProvider`` reports about a place.
public enum WeatherEvent: Sendable, Hashable {
    /// The advisories in effect, in the provider's order. The weather service selects among them
    /// (`--advisory`), skips those already posted for the place and posts `ADVISORY_AVAILABLE`;
    /// an empty list posts `no_advisory`.
    case advisories([Advisory])
    /// Any other notification, posted as it is (`UMBRELLA_JUDGEMENT`, `CONDITIONS_AVAILABLE`, or
    /// the provider's own).
    case notification(BusNotification)
}
