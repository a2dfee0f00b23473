public import LocSimCanonicalJSON

/// One push notification, as the original app sent it through Parse for an advisory.
///
/// The alert reads `Weather Advisory for <location>:  <name>` — two spaces after the colon,
/// byte for byte as the original — with sound `alert.caf`. It exists in two forms: the Parse
/// `data` object {alert, sound} (Parse's reserved keys) and the APNs payload
/// `{"aps":{"alert":…,"sound":…}}` that Parse hands to Apple.
public struct PushMessage: Sendable, Hashable {
    /// The sound file the original app bundled.
    public static let defaultSound = "alert.caf"
    /// APNs' limit on a (non-VoIP) notification payload, in bytes.
    public static let maximumPayloadBytes = 4096

    public var alert: String
    public var sound: String

    public init(alert: String, sound: String = PushMessage.defaultSound) {
        self.alert = alert
        self.sound = sound
    }

    /// The push for an advisory named `advisoryName` at `location` ("Franklin, LA").
    public init(location: String, advisoryName: String) {
        self.init(alert: "Weather Advisory for \(location):  \(advisoryName)")
    }

    /// The Parse `data` object: {"alert", "sound"}.
    public var data: JSONValue {
        .object(["alert": .string(alert), "sound": .string(sound)])
    }

    /// The APNs payload: {"aps": {"alert", "sound"}}.
    public var apnsPayload: JSONValue {
        .object(["aps": data])
    }

    /// The APNs payload as compact JSON with sorted keys: what is measured and recorded.
    public var apnsPayloadText: String { apnsPayload.compact() }

    /// The payload's size: UTF-8 bytes of ``apnsPayloadText``.
    public var apnsPayloadByteCount: Int { apnsPayloadText.utf8.count }

    /// Whether the payload is within ``maximumPayloadBytes`` (4096 fits, 4097 does not).
    public var fitsAPNsLimit: Bool { apnsPayloadByteCount <= PushMessage.maximumPayloadBytes }

    /// The Parse REST `POST /push` body: `{"where": where, "data": data}`.
    public func parseRESTBody(where query: JSONValue) -> JSONValue {
        .object(["where": query, "data": data])
    }

    /// The `push` event's userInfo {alert, sound, payload}; `payload` is the compact APNs JSON,
    /// which the transcript embeds as JSON.
    public var userInfo: [String: String] {
        ["alert": alert, "sound": sound, "payload": apnsPayloadText]
    }
}
