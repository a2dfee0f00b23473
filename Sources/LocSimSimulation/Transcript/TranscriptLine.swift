public import LocSimCanonicalJSON

/// One line of a transcript (docs/contract.md, Transcript): the notification's userInfo plus `event`
/// and `t`, as compact JSON with sorted keys.
///
/// userInfo values are strings; the transcript gives some keys their JSON type so scripts can
/// use them as numbers: a value under one of ``numericKeys`` that is a plain decimal literal is
/// written as a number, verbatim (posters format coordinates with 6 decimals, accuracies with
/// up to 1); a value under ``jsonKeys`` that parses as a JSON object or array is embedded.
/// `provider_error`'s `code` is always a string (the provider's own code).
public struct TranscriptLine: Sendable, Hashable {
    /// Virtual seconds since the start of the run.
    public var t: Double
    public var notification: BusNotification

    public init(t: Double, notification: BusNotification) {
        self.t = t
        self.notification = notification
    }

    /// Keys written as JSON numbers when their value is a decimal literal.
    public static let numericKeys: Set<String> = [
        "latitude", "longitude", "horizontalAccuracy", "verticalAccuracy", "altitude", "speed", "course",
        "speedAccuracy", "courseAccuracy", "radius", "status", "code", "maxPop", "temperature", "high", "low", "count",
        "distance",
    ]

    /// Keys whose JSON text is embedded as a value.
    public static let jsonKeys: Set<String> = ["payload", "data"]

    /// The line's JSON object.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        for (key, value) in notification.userInfo {
            members[key] = Self.typedValue(key: key, value: value, event: notification.name)
        }
        members["event"] = .string(notification.name.rawValue)
        members["t"] = .fixed(t, decimals: 3)
        return .object(members)
    }

    /// The line as it appears in a `.jsonl` transcript, without the newline.
    public var text: String { json.compact() }

    static func typedValue(key: String, value: String, event: NotificationName) -> JSONValue {
        // A provider's own error code stays a string whatever it looks like (OpenWeatherMap's
        // `401` beside Aeris's `invalid_client`); CLError codes are numbers.
        let isProviderCode = key == "code" && event == .providerError
        if numericKeys.contains(key), !isProviderCode, isDecimalLiteral(value) { return .number(value) }
        if jsonKeys.contains(key), let first = value.first, first == "{" || first == "[",
            let parsed = try? JSONValue.parse(value)
        {
            return parsed
        }
        return .string(value)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`: what JSON accepts, without exponents.
    static func isDecimalLiteral(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { (0x30...0x39).contains($0) }
        guard !integer.isEmpty, integer.count == 1 || integer.first != 0x30 else { return false }
        bytes = bytes.dropFirst(integer.count)
        if bytes.isEmpty { return true }
        guard bytes.first == UInt8(ascii: ".") else { return false }
        bytes = bytes.dropFirst()
        return !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) }
    }
}
