import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

/// issue 24 item 2: one recogniser finds a secret in every spelling up to three layers of
/// percent-encoding, JSON and XML escaping and base64, for redaction and the leak check alike.
@Suite struct SecretSpellingTests {
    static let secret = "aerisSEC/QQx2+b7=z&k\"q\\"
    let redactor = Redactor(declarations: DeclaredSecrets.all, environment: ["AERIS_CLIENT_SECRET": secret])

    static func percent(_ text: String, layers: Int, lowercase: Bool = false) -> String {
        var result = text
        for _ in 0..<layers {
            result = result.unicodeScalars.map { scalar -> String in
                guard scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) else {
                    return String(scalar)
                }
                let code = String(format: lowercase ? "%%%02x" : "%%%02X", scalar.value)
                return code
            }.joined()
        }
        return result
    }

    static let base64 = Data(secret.utf8).base64EncodedString()
    static let urlSafeBase64 = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")

    static let spellings: [(String, String)] = [
        (secret, "raw"),
        (percent(secret, layers: 1), "percent-encoded"),
        (percent(secret, layers: 2), "percent-encoded (2 layers)"),
        (percent(secret, layers: 3, lowercase: true), "percent-encoded (3 layers)"),
        ("aerisSEC%252FQQx2%252Bb7%253Dz%2526k%2522q%255C", "percent-encoded (2 layers)"),
        (#"aerisSEC\/QQx2+b7=z&k\"q\\"#, "JSON-escaped"),
        (#"aerisSEC\u002fQQx2\u002Bb7=z\u0026k\u0022q\u005c"#, "JSON-escaped"),
        ("aerisSEC/QQx2+b7=z&amp;k&quot;q\\", "XML-escaped"),
        ("aerisSEC&#x2F;QQx2&#43;b7=z&amp;amp;k&quot;q\\", "XML-escaped (2 layers)"),
        ("aerisSEC%2FQQx2%2Bb7%3Dz%26amp;k%22q%5C", "percent-encoded and XML-escaped (2 layers)"),
        ("Basic " + base64, "base64"),
        ("token=" + urlSafeBase64, "base64"),
    ]

    /// A value whose base64 holds `+` (`Pz8+`), so percent-encoding the base64 text changes it.
    static let plusSecret = "k3y??>??>~~~value"
    static let plusBase64 = Data(plusSecret.utf8).base64EncodedString()

    @Test(arguments: [(1, "base64, then percent-encoded"), (2, "base64, then percent-encoded (2 layers)")])
    func percentEncodedBase64IsFoundAndRedacted(layers: Int, form: String) {
        let redactor = Redactor(declarations: DeclaredSecrets.all, environment: ["OWM_APPID": Self.plusSecret])
        let text = "auth=" + Self.percent(Self.plusBase64, layers: layers)
        #expect(text.contains("%"))
        #expect(redactor.leaks(in: .string(text)).map(\.form) == [form])
        let redacted = redactor.redactText(text)
        #expect(redacted.contains("<OWM_APPID>"))
        #expect(redactor.leaks(in: .string(redacted)).isEmpty)
    }

    @Test(arguments: spellings)
    func theLeakCheckFindsEverySpelling(text: String, form: String) {
        let leaks = redactor.leaks(in: .object(["h": .string("x " + text + " y")]))
        #expect(leaks.map(\.form) == [form])
    }

    @Test(arguments: spellings)
    func redactionRemovesEverySpellingTheLeakCheckFinds(text: String, form: String) {
        let redacted = redactor.redactText("x " + text + " y")
        #expect(redacted.contains("<AERIS_CLIENT_SECRET>"), "\(form)")
        #expect(redactor.leaks(in: .string(redacted)).isEmpty, "\(form): \(redacted)")
    }

    @Test func aFourthLayerIsBeyondTheDocumentedDepth() {
        let text = Self.percent(Self.secret, layers: 4)
        #expect(redactor.leaks(in: .string(text)).isEmpty)
        #expect(redactor.redactText(text) == text)
    }

    /// The attack run's case: a secret echoed in a response header, double-percent-encoded.
    @Test func aDoublyEncodedEchoInAResponseHeaderIsRedactedAndTheCassetteIsClean() throws {
        let response = HTTPResponse(
            status: 200, headers: ["X-Echo": "id=" + Self.percent(Self.secret, layers: 2)], body: [])
        let redacted = redactor.redact(response)
        #expect(redacted.headers["X-Echo"] == "id=<AERIS_CLIENT_SECRET>")
        #expect(redactor.leaks(in: .object(["headers": .string(response.headers["X-Echo"]!)])).count == 1)
    }

    @Test func lookalikesAreLeftAlone() {
        for text in ["aerisSEC/QQx2+b7=z&k", "aerisSEC%2FQQx2%2Bb7%3Dz%26k%22Q", "&amp;&#x;&#;%%%\\u12"] {
            #expect(redactor.leaks(in: .string(text)).isEmpty, "\(text)")
            #expect(redactor.redactText(text) == text)
        }
    }
}
