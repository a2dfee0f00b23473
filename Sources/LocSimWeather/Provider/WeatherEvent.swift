public import LocSimSimulation

/// What a ``WeatherProvider`` reports about a place.
public enum WeatherEvent: Sendable, Hashable {
    /// The advisories in effect, in the provider's order. The weather service selects among them
    /// (`--advisory`), skips those already posted for the place and posts `ADVISORY_AVAILABLE`
    /// (or, under the CAP lifecycle, `ADVISORY_UPDATED` / `ADVISORY_CANCELLED`); an empty list
    /// posts `no_advisory`.
    case advisories([Advisory])
    /// No advisory, for a reason the provider knows (`no_coverage`: the region has no alert
    /// source): `no_advisory` {location, provider, reason}.
    case noAdvisory(reason: String)
    /// Any other notification, posted as it is (`UMBRELLA_JUDGEMENT`, `CONDITIONS_AVAILABLE`, or
    /// the provider's own).
    case notification(BusNotification)
}
