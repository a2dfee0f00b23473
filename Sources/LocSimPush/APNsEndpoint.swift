public import LocSimAppServices
import LocSimCanonicalJSON
public import LocSimHTTPRecording
import LocSimSupport

/// Where and how the controller sends pushes straight to APNs (`--push-endpoint apns[=URL]`),
/// ``APNsPushSinkPlugin``, in the shape of Apple's provider API: `POST {base}/3/device/{token}` (the device token from
/// `APNS_DEVICE_TOKEN`) with
///
/// - `authorization: bearer <provider token>` (`APNS_AUTH_TOKEN`, a JWT; placeholders in replay),
/// - `apns-push-type: alert`, `apns-priority: 10` (deliver now), `apns-topic` (the app's bundle
///   id, `--bundle-id`),
/// - `apns-expiration`: the advisory's `expires` as epoch seconds (APNs stores the push until
///   then for an offline device), `0` (try once) without one,
/// - `apns-collapse-id`: the advisory's id — for an `ADVISORY_UPDATED` the id of the alert it
///   updates, so the update replaces the notification on the device; ids over APNs' 64-byte
///   limit keep their last 64 bytes (the distinctive end of a CAP identifier); absent without
///   an id,
///
/// and the body the compact APNs payload `{"aps":{"alert":…,"sound":…}}` (the controller
/// checks the 4096-byte limit before). HTTP/2 itself is the HTTP client's concern: what is
/// recorded and replayed is the request and the answer.
///
/// Answers: 200 is delivered; an error status with APNs's `{"reason":"BadDeviceToken"}` (410
/// `Unregistered` with a `timestamp`, 429 `TooManyRequests`, …) is a failure with the reason as
/// code; a body that is not JSON is `http_<status>`.
public struct APNsEndpoint: Sendable, Hashable {
    public var baseURL: String
    public var deviceToken: String
    public var authToken: String
    /// `apns-topic`: the app's bundle id.
    public var topic: String

    /// APNs' limit on `apns-collapse-id`, in bytes.
    public static let maximumCollapseIDBytes = 64

    /// The `apns` base URL: `https://api.sandbox.push.apple.com` (development builds; production
    /// is `https://api.push.apple.com`).
    public static let endpoint = EndpointDeclaration(key: "apns", defaultBaseURL: "https://api.sandbox.push.apple.com")
    /// The device token in the path, from `APNS_DEVICE_TOKEN` (kept out of files by value).
    public static let deviceTokenSecret = SecretDeclaration(variable: "APNS_DEVICE_TOKEN")
    /// `authorization: bearer …`, from `APNS_AUTH_TOKEN`.
    public static let authTokenSecret = SecretDeclaration(
        variable: "APNS_AUTH_TOKEN", headers: ["authorization"],
        hosts: [endpoint.defaultHost, "api.push.apple.com"])
    /// Both secrets.
    public static let secrets = [deviceTokenSecret, authTokenSecret]

    public init(
        baseURL: String = APNsEndpoint.endpoint.defaultBaseURL, credentials: Credentials, topic: String
    ) {
        self.baseURL = baseURL.droppingTrailingSlashes()
        self.deviceToken = credentials[Self.deviceTokenSecret.variable]
        self.authToken = credentials[Self.authTokenSecret.variable]
        self.topic = topic
    }

    /// `collapseID` fitted to APNs' limit: its last 64 bytes when longer.
    public static func fittedCollapseID(_ collapseID: String) -> String {
        let bytes = Array(collapseID.utf8)
        guard bytes.count > maximumCollapseIDBytes else { return collapseID }
        var start = bytes.count - maximumCollapseIDBytes
        // Never start inside a UTF-8 sequence.
        while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The request that sends `message`, collapsing on `collapseID` and kept until `expiration`
    /// (epoch seconds; `nil` for 0).
    public func request(for message: PushMessage, collapseID: String?, expiration: Double?) -> HTTPRequest {
        var headers = [
            "authorization": "bearer " + authToken, "apns-push-type": "alert", "apns-priority": "10",
            "apns-topic": topic, "content-type": "application/json",
            "apns-expiration": expiration.map { String(Int64(max(0, $0.rounded(.down)))) } ?? "0",
        ]
        if let collapseID, !collapseID.isEmpty { headers["apns-collapse-id"] = Self.fittedCollapseID(collapseID) }
        return HTTPRequest(
            method: "POST", url: baseURL + "/3/device/" + deviceToken, headers: headers,
            body: Array(message.apnsPayloadText.utf8))
    }

    /// The failure an APNs answer reports, or `nil` when it was delivered.
    public static func failure(of response: HTTPResponse, credentials: Credentials) -> ProviderFailure? {
        guard !(200...299).contains(response.status) else { return nil }
        let json = try? JSONValue.parse(utf8: response.body)
        if let reason = json?["reason"]?.stringValue, !reason.isEmpty {
            return ProviderFailure(
                provider: "apns", code: reason,
                message: "APNs refused the push: \(credentials.redact(reason)) (HTTP \(response.status))")
        }
        return ProviderFailure(
            provider: "apns", code: "http_\(response.status)",
            message: "APNs answered HTTP \(response.status) without a reason")
    }
}
