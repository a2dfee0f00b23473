import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

/// issue 19 item 8: redaction never corrupts a recording. Secrets are replaced structurally
/// (parameters, headers, JSON string values); a short value that would hit syntax is refused
/// with a reason instead of being replaced inside `true`, `http://` or a word.
@Suite struct StructuralRedactionTests {
    static func redactor(_ environment: [String: String]) -> Redactor {
        Redactor(declarations: DeclaredSecrets.all, environment: environment)
    }

    static let body = #"{"ok":true,"url":"http://x.test/locsim","n":12,"name":"Flood"}"#

    @Test(arguments: ["true", "http", "locsim"])
    func aCommonWordSecretLeavesSyntaxAloneAndIsRefusedWithAReason(secret: String) throws {
        let redactor = Self.redactor(["AERIS_CLIENT_SECRET": secret])
        let response = redactor.redact(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(Self.body.utf8)))
        let text = String(decoding: response.body, as: UTF8.self)
        // Only string values change: the document stays the same JSON shape.
        let parsed = try JSONValue.parse(text)
        guard case .object(let members) = parsed else {
            Issue.record("not an object: \(text)")
            return
        }
        #expect(members["ok"] == .bool(true))
        #expect(members["n"] == .number("12"))
        #expect(members.keys.sorted() == ["n", "name", "ok", "url"])
        let url = redactor.redact(url: "http://x.test/locsim?client_secret=\(secret)&q=1")
        #expect(url.hasPrefix("http://x.test/"))
        #expect(url.hasSuffix("?client_secret=<AERIS_CLIENT_SECRET>&q=1"))

        let cassette = #"{"interactions":[{"request":{"url":"http://x.test/locsim"}}],"version":1}"#
        if cassette.contains(secret) {
            let leaks = redactor.leaks(inText: cassette)
            #expect(!leaks.isEmpty)
            #expect(
                leaks.allSatisfy {
                    $0.description.hasSuffix(
                        "(it has \(secret.count) characters, fewer than 8: too short to replace without corrupting "
                            + "the recording, so locsim refuses to record; use a longer key)")
                })
        }
    }

    @Test func aSecretInsideAJSONStringIsReplacedHoweverItIsSpelled() {
        let redactor = Self.redactor(["AERIS_CLIENT_SECRET": "sekret-value-42"])
        let body = #"{"a":"x \u0073ekret-value-42 y","b":"sekret%2Dvalue%2D42","c":"sekret-value-42","d":true}"#
        let response = redactor.redact(HTTPResponse(status: 200, body: Array(body.utf8)))
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"a":"x <AERIS_CLIENT_SECRET> y","b":"<AERIS_CLIENT_SECRET>","c":"<AERIS_CLIENT_SECRET>","d":true}"#
        )
    }

    @Test func aShortSecretInsideAJSONStringIsStillReplacedThereOnly() {
        let redactor = Self.redactor(["OWM_APPID": "true"])
        let body = #"{"ok":true,"key":"true"}"#
        let response = redactor.redact(HTTPResponse(status: 200, body: Array(body.utf8)))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true,"key":"<OWM_APPID>"}"#)
    }

    @Test func theLeakCheckDecodesJSONEscapes() {
        let redactor = Self.redactor(["AERIS_CLIENT_SECRET": "sekret-value-42"])
        let leaks = redactor.leaks(
            in: .object(["body": .string(#"{"name":"\u0073\u0065kret-value-42"}"#)]))
        #expect(leaks.map(\.description) == ["the value of AERIS_CLIENT_SECRET appears JSON-escaped at body"])
    }

    @Test func printedTextIsRedactedInEverySpelling() {
        let redactor = Self.redactor(["AERIS_CLIENT_SECRET": "sekret-value-42"])
        let base64 = Data("sekret-value-42".utf8).base64EncodedString()
        let text = "a sekret-value-42 b %73%65kret-value-42 c \\u0073ekret-value-42 d \(base64) e\n"
        #expect(
            redactor.redactText(text)
                == "a <AERIS_CLIENT_SECRET> b <AERIS_CLIENT_SECRET> c <AERIS_CLIENT_SECRET> d <AERIS_CLIENT_SECRET> e\n"
        )
        #expect(Self.redactor([:]).redactText(text) == text)
    }

    /// The one-scan filter lets nothing through: a value at either end of the text, or alone.
    @Test(arguments: ["sekret-value-42", "x sekret-value-42", "sekret-value-42\n", "a\\u0073ekret-value-42"])
    func valuesAtTheEdgesAreRedacted(text: String) {
        let redacted = Self.redactor(["AERIS_CLIENT_SECRET": "sekret-value-42"]).redactText(text)
        #expect(redacted.contains("<AERIS_CLIENT_SECRET>"))
        #expect(!redacted.contains("value-42"))
    }
}
