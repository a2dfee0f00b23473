import Foundation
import LocSimCanonicalJSON
import Testing

@testable import LocSimHTTPRecording

/// Credentials under names that no list holds, found by importing real HAR exports (a Google
/// API key in `x-goog-api-key`, a session in `BPK-session`, an S3 presigned URL): a name that
/// ends like a secret's is a secret, and nothing else changes.
@Suite struct HARNameShapeTests {
    static let live = "sk_live_51Habc9XyZ0pQ"

    static func imported(
        url: String = "https://api.example.com/v1/x", headers: String = "", body: String = "ok"
    )
        throws -> String
    {
        let text = HARSecretsTests.har(
            request: HARSecretsTests.request(url: url, headers: headers),
            response: #"{"status":200,"headers":[],"content":{"size":1,"mimeType":"application/json","text":"#
                + JSONValue.string(body).compact() + "}}")
        return try HARSecretsTests.imported(text).cassette.text()
    }

    @Test(arguments: [
        "x-goog-api-key", "X_API_KEY", "X-ApiKey", "X-Auth", "X-CSRF-Token", "X-Session-Token",
        "Ocp-Apim-Subscription-Key", "BPK-Session", "X-Amz-Credential", "Signature",
    ])
    func aHeaderNamedLikeASecretIsRedacted(name: String) throws {
        let text = try Self.imported(headers: #"{"name":"\#(name)","value":"\#(Self.live)"}"#)
        #expect(!text.contains("sk_live"), "\(text)")
    }

    @Test(arguments: [
        "X-Amz-Signature", "X-Amz-Credential", "sig", "signature", "jwt", "private_token", "auth", "bpkio_sessionid",
        "pageToken", "client-secret",
    ])
    func aQueryParameterNamedLikeASecretIsRedacted(name: String) throws {
        let text = try Self.imported(url: "https://api.example.com/v1/x?\(name)=\(Self.live)&zone=ORZ004")
        #expect(!text.contains("sk_live"), "\(text)")
        #expect(text.contains("zone=ORZ004"))
    }

    @Test func aJSONFieldNamedLikeASecretIsRedactedAndOtherFieldsStay() throws {
        let body =
            #"{"sessionToken":"\#(Self.live)","token_type":"Bearer","max_tokens":100,"code":"ORZ004","isSecret":true}"#
        let text = try Self.imported(body: body)
        #expect(!text.contains("sk_live"), "\(text)")
        for kept in [#""token_type" : "Bearer""#, #""max_tokens" : 100"#, #""code" : "ORZ004""#, #""isSecret" : true"#]
        {
            #expect(text.contains(kept), "\(kept) in \(text)")
        }
    }

    @Test(arguments: ["WWW-Authenticate", "Accept", "Sec-WebSocket-Key", "X-Token-Count-Hint", "Authentication-Info"])
    func otherHeadersAreKept(name: String) throws {
        let redactor = Redactor(declarations: [], environment: [:])
        #expect(!redactor.isSecretHeader(name))
    }
}
