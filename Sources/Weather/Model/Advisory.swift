public import LocSimSettings

/// A weather advisory (watch, warning, advisory, statement) from Aeris or NWS.
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
    /// NWS `severity` ("Extreme", "Severe", "Moderate", "Minor", "Unknown").
    public var severity: String?

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
    /// `id`, `zone`, `severity` when known and `emergency` ("true"/"false") when the provider says.
    public func userInfo(location: String) -> [String: String] {
        var info = ["location": location, "name": name, "body": body, "provider": provider.rawValue]
        if let type, !type.isEmpty { info["type"] = type }
        if let expires, !expires.isEmpty { info["expires"] = expires }
        if let id, !id.isEmpty { info["id"] = id }
        if let zone, !zone.isEmpty { info["zone"] = zone }
        if let severity, !severity.isEmpty { info["severity"] = severity }
        if let emergency { info["emergency"] = emergency ? "true" : "false" }
        return info
    }
}
