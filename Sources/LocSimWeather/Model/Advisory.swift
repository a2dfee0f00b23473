public import LocSimPluginOptions
public import LocSimSupport

/// A weather advisory (watch, warning, advisory, statement, a CAP alert) from any provider.
public struct Advisory: Sendable, Hashable {
    /// The provider that reported it.
    public var provider: ProviderName
    /// The provider's identifier (Aeris `id`, NWS `properties.id`), when given.
    public var id: String?
    /// What the push names: Aeris `details.name` ("COASTAL FLOOD ADVISORY"), NWS `event` ("Flood Watch"), verbatim.
    public var name: String
    /// The VTEC phenomenon.significance code ("CF.Y", "LE.W"): Aeris `details.type`, NWS from `parameters.VTEC`.
    public var type: String?
    /// Aeris `details.body`; NWS `headline`, a blank line, `description`.
    public var body: String
    /// When the message expires, ISO 8601 as the provider wrote it (Aeris `timestamps.expiresISO`, NWS `expires`).
    public var expires: String?
    /// Aeris `details.emergency`; `nil` for providers that do not say.
    public var emergency: Bool?
    /// The forecast zone (Aeris `details.loc`, "LAZ052").
    public var zone: String?
    /// NWS `severity` ("Extreme", "Severe", "Moderate", "Minor", "Unknown"), WeatherKit `severity`.
    public var severity: String?
    /// CAP `urgency` ("Immediate", "Expected", "Future", "Past", "Unknown"): `most-severe`'s
    /// second key for CAP alerts.
    public var urgency: String?
    /// Xweather `details.priority`: lower numbers are more important; `most-severe` ranks by it.
    public var priority: Int?
    /// CAP `messageType`: `Alert` (and `nil`) is a new alert, `Update` and `Cancel` refer to
    /// earlier ones through ``references``.
    public var messageType: String?
    /// The identifiers of the earlier messages an `Update` or `Cancel` replaces (CAP `references`).
    public var references: [String] = []
    /// When the hazard ends (CAP `ends`), ISO 8601; with ``expires`` what the lifecycle's expiry checks.
    public var ends: String?
    /// More documented fields of the provider, posted under their own keys in every mode (they
    /// never replace the keys above).
    public var details: [String: String] = [:]
    /// The CAP fields (`urgency`, `certainty`, `messageType`, `effective`, `onset`, `ends`,
    /// `senderName`, `affectedZones`), posted under ``AdvisoryLifecycle/cap`` only, so the seed
    /// mode's transcripts stay as they were.
    public var capFields: [String: String] = [:]

    public init(
        provider: ProviderName, id: String? = nil, name: String, type: String? = nil, body: String,
        expires: String? = nil, emergency: Bool? = nil, zone: String? = nil, severity: String? = nil
    ) {
        self.provider = provider
        self.id = id
        self.name = name
        self.type = type
        self.body = body
        self.expires = expires
        self.emergency = emergency
        self.zone = zone
        self.severity = severity
    }

    /// The `ADVISORY_AVAILABLE` userInfo: {location, name, body, provider} plus `type`, `expires`,
    /// `id`, `zone`, `severity` when known and `emergency` ("true"/"false") when the provider says,
    /// then ``details`` and, when `cap`, ``capFields`` (neither replaces a key above).
    public func userInfo(location: String, cap: Bool = false) -> [String: String] {
        var info = ["location": location, "name": name, "body": body, "provider": provider.rawValue]
        info.merge(details) { own, _ in own }
        if cap { info.merge(capFields) { own, _ in own } }
        if let type, !type.isEmpty { info["type"] = type }
        if let expires, !expires.isEmpty { info["expires"] = expires }
        if let id, !id.isEmpty { info["id"] = id }
        if let zone, !zone.isEmpty { info["zone"] = zone }
        if let severity, !severity.isEmpty { info["severity"] = severity }
        if let emergency { info["emergency"] = emergency ? "true" : "false" }
        return info
    }
}
