/// Keys and contact strings for the providers, read from the environment only (DESIGN §7).
///
/// A variable that is absent or empty gets the placeholder the recorder writes into cassettes
/// (`<AERIS_CLIENT_ID>`), so that replayed requests look exactly like the recorded ones and no
/// secret is needed offline. ``missingVariables`` says which ones were placeholders, for a live run
/// to warn about.
public struct ProviderCredentials: Sendable, Hashable {
    /// The environment variables read, in documentation order.
    public static let variableNames = [
        "AERIS_CLIENT_ID", "AERIS_CLIENT_SECRET", "OWM_APPID", "NWS_USER_AGENT", "NOMINATIM_USER_AGENT",
        "PARSE_APPLICATION_ID", "PARSE_REST_API_KEY",
    ]

    public var aerisClientID: String
    public var aerisClientSecret: String
    public var owmAppID: String
    /// NWS requires an identifying `User-Agent` (a contact string).
    public var nwsUserAgent: String
    /// Nominatim's usage policy requires an identifying `User-Agent`.
    public var nominatimUserAgent: String
    public var parseApplicationID: String
    public var parseRESTAPIKey: String
    /// Variables that were absent or empty and hold their placeholder.
    public private(set) var missingVariables: [String]

    /// Reads every variable of ``variableNames`` from `environment`.
    public init(environment: [String: String]) {
        var missing: [String] = []
        func value(_ name: String) -> String {
            if let value = environment[name], !value.isEmpty { return value }
            missing.append(name)
            return ProviderCredentials.placeholder(name)
        }
        aerisClientID = value("AERIS_CLIENT_ID")
        aerisClientSecret = value("AERIS_CLIENT_SECRET")
        owmAppID = value("OWM_APPID")
        nwsUserAgent = value("NWS_USER_AGENT")
        nominatimUserAgent = value("NOMINATIM_USER_AGENT")
        parseApplicationID = value("PARSE_APPLICATION_ID")
        parseRESTAPIKey = value("PARSE_REST_API_KEY")
        missingVariables = missing
    }

    /// Placeholders everywhere: what a replay without any environment uses.
    public static let placeholders = ProviderCredentials(environment: [:])

    /// `<NAME>`, the placeholder the recorder writes for variable `NAME`.
    public static func placeholder(_ name: String) -> String { "<\(name)>" }

    /// The secret values that are real (not placeholders), with their variable names. User
    /// agents are contact strings, but they are kept out of messages too.
    var secrets: [(name: String, value: String)] {
        let all = [
            ("AERIS_CLIENT_ID", aerisClientID), ("AERIS_CLIENT_SECRET", aerisClientSecret), ("OWM_APPID", owmAppID),
            ("NWS_USER_AGENT", nwsUserAgent), ("NOMINATIM_USER_AGENT", nominatimUserAgent),
            ("PARSE_APPLICATION_ID", parseApplicationID), ("PARSE_REST_API_KEY", parseRESTAPIKey),
        ]
        return all.filter { !missingVariables.contains($0.0) && $0.1.count >= 3 }.map { (name: $0.0, value: $0.1) }
    }

    /// `text` with every real secret value replaced by its placeholder: what messages carry.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets.sorted(by: { $0.value.count > $1.value.count }) {
            result = result.replacingAll(secret.value, with: ProviderCredentials.placeholder(secret.name))
            let encoded = percentEncodeQueryValue(secret.value)
            if encoded != secret.value {
                result = result.replacingAll(encoded, with: ProviderCredentials.placeholder(secret.name))
            }
        }
        return result
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
