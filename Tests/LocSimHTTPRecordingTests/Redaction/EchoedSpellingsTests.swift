import Foundation
import LocSimTesting
import Testing

@testable import LocSimHTTPRecording

/// Secrets in the places a probe from a user's package found them left (issue 35, secrets by
/// value): bodies that are not UTF-8, JSON with a repeated key or a byte-order mark, a form sent
/// without a type, an unregistered `Authorization` scheme, a quoted cookie, a `Location` URL,
/// and a short environment value in a miss message.
@Suite struct EchoedSpellingsTests {
    static let token = "pr0be/Sec+ret=S9x"
    static let issued = "NewTok9zq8w7e6r5t4"

    /// A redactor that has learned `token` from a declared header.
    static func learned() -> Redactor {
        let redactor = Redactor(
            declarations: [SecretDeclaration(variable: "PROBE_KEY", headers: ["X-Probe-Key"])], environment: [:])
        _ = redactor.redact(HTTPRequest(url: "https://api.example.com/a", headers: ["X-Probe-Key": token]))
        return redactor
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// A secret echoed in hex, either case, in a JSON body or a header, is redacted, and the
    /// check before writing knows the spelling (an attack run found both written to the cassette).
    @Test func aSecretEchoedInHexIsRedactedAndChecked() {
        let redactor = Self.learned()
        let lower = Self.token.utf8.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        for hex in [lower, lower.uppercased()] {
            let response = redactor.redact(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json", "X-Echo-Hex": hex],
                    body: Array(#"{"echo":"\#(hex)","n":1}"#.utf8)))
            #expect(Self.text(response) == #"{"echo":"<PROBE_KEY>","n":1}"#)
            #expect(response.headers["X-Echo-Hex"] == "<PROBE_KEY>")
            #expect(Redactor.form(of: Self.token, in: "sig=" + hex) == "hex")
        }
    }

    @Test func aBodyThatIsNotUTF8IsRedactedInEverySpelling() {
        let redactor = Self.learned()
        let encoded = Self.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for spelling in [encoded, Self.token.replacingOccurrences(of: "/", with: "\\/"), Self.token] {
            let body: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" <a href=\"/next?k=\(spelling)\">".utf8)
            let response = redactor.redact(
                HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=iso-8859-1"], body: body))
            #expect(response.body == Array("caf".utf8) + [0xE9] + Array(" <a href=\"/next?k=<PROBE_KEY>\">".utf8))
        }
    }

    /// A service that echoes the request back in base64 encodes the value as the request spelled
    /// it: percent-encoded in a form body (URLSession escapes `-` too), JSON-escaped (`\/`) in a
    /// JSON one. Found by a probe: both reached the cassette. What is left decodes to neither.
    @Test(arguments: [
        "memberno=" + token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&other=1",
        #"{"other":"1","memberno":""# + token.replacingOccurrences(of: "/", with: "\\/") + #""}"#,
        "memberno="
            + token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            .replacingOccurrences(of: "%2F", with: "%2f").replacingOccurrences(of: "%2B", with: "%2b")
            .replacingOccurrences(of: "%3D", with: "%3d"),
        "k=" + token.addingPercentEncoding(withAllowedCharacters: .urlUnreservedForTest)!,
    ])
    func base64OfAnEscapedValueIsRedactedAndRefused(echoed: String) throws {
        let redactor = Self.learned()
        let base64 = Data(echoed.utf8).base64EncodedString()
        #expect(redactor.leaks(inText: #"{"b64":"\#(base64)"}"#).map(\.variable) == ["PROBE_KEY"])
        let response = redactor.redact(
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"b64":"\#(base64)"}"#.utf8)))
        let text = Self.text(response)
        #expect(text.contains("<PROBE_KEY>"), "\(text)")
        // Every run of base64 characters left, decoded at each alignment, holds no 8 bytes of the echo's secret part.
        let start = try #require(echoed.range(of: "pr0be")).lowerBound.utf16Offset(in: echoed)
        let secretPart = Array(echoed.utf8).dropFirst(start).prefix(10)
        for run in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || "+/=".contains($0)) }) {
            for start in 0..<4 where run.count - start >= 4 {
                let chunk = String(run.dropFirst(start).prefix((run.count - start) / 4 * 4))
                guard let decoded = Data(base64Encoded: chunk) else { continue }
                #expect(
                    !Array(decoded).containsSubsequence(Array(secretPart)),
                    "\(run) decodes to \(String(decoding: decoded, as: UTF8.self))")
            }
        }
    }

    @Test func theCheckBeforeWritingDecodesABase64Body() {
        let redactor = Self.learned()
        let encoded = Self.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let body = Data([0xE9] + Array(" k=\(encoded)".utf8)).base64EncodedString()
        let leaks = redactor.leaks(inText: #"{"body":"\#(body)","bodyEncoding":"base64"}"#)
        #expect(leaks.map(\.variable) == ["PROBE_KEY"])
    }

    @Test(arguments: [
        #"{"access_token":"NewTok9zq8w7e6r5t4","n":1,"n":2}"#,
        "\u{FEFF}" + #"{ "access_token" : "NewTok9zq8w7e6r5t4" }"#,
    ])
    func aTokenResponseIsRedactedWithARepeatedKeyOrAByteOrderMark(body: String) {
        let redactor = Redactor(declarations: [], environment: [:])
        let response = redactor.redact(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        #expect(!Self.text(response).contains(Self.issued))
        #expect(Self.text(response).contains("<REDACTED_ACCESS_TOKEN>"))
    }

    @Test func aFormSentWithoutAContentTypeIsAForm() {
        let redactor = Redactor(declarations: [], environment: [:])
        let request = redactor.redact(
            HTTPRequest(
                method: "POST", url: "https://api.example.com/login", body: Array("password=pr0beSecretA1b2c3&x=1".utf8)
            ))
        #expect(String(decoding: request.body, as: UTF8.self) == "password=<REDACTED_PASSWORD>&x=1")
        let json = redactor.redact(
            HTTPRequest(method: "POST", url: "https://api.example.com/j", body: Array(#"{"a":"b=c"}"#.utf8)))
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"a":"b=c"}"#)
    }

    @Test(arguments: ["Custom pr0beSecretA1b2c3", "SharedKey pr0beSecretA1b2c3"])
    func anAuthorizationTokenIsLearnedWithoutAnyScheme(header: String) {
        let redactor = Redactor(declarations: [], environment: [:])
        _ = redactor.redact(HTTPRequest(url: "https://api.example.com/a", headers: ["Authorization": header]))
        let echo = redactor.redact(HTTPResponse(status: 200, body: Array(#"seen pr0beSecretA1b2c3"#.utf8)))
        #expect(!Self.text(echo).contains("pr0beSecretA1b2c3"))
    }

    @Test func aQuotedCookieIsLearnedWithoutItsQuotes() {
        let redactor = Redactor(declarations: [], environment: [:])
        _ = redactor.redact(
            HTTPRequest(url: "https://api.example.com/a", headers: ["Cookie": #"sid="pr0beSecretA1b2c3"; theme=dark"#]))
        let echo = redactor.redact(
            HTTPResponse(status: 200, body: Array("your session pr0beSecretA1b2c3 is valid".utf8)))
        #expect(!Self.text(echo).contains("pr0beSecretA1b2c3"))
    }

    @Test(arguments: [
        "https://api.example.com/cb?access_token=NewTok9zq8w7e6r5t4",
        "myapp://cb#access_token=NewTok9zq8w7e6r5t4&token_type=bearer",
    ])
    func aSecretParameterInALocationIsRedacted(location: String) {
        let redactor = Redactor(declarations: [], environment: [:])
        let response = redactor.redact(HTTPResponse(status: 302, headers: ["Location": location]))
        #expect(response.header("Location")?.contains(Self.issued) == false)
        #expect(response.header("Location")?.contains("access_token=<REDACTED_ACCESS_TOKEN>") == true)
    }

    @Test func aMissMessageHidesAShortEnvironmentSecret() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Cassette(interactions: []).text(), to: "c.json")
        let session = try RecordingSession(
            options: RecordingOptions(
                cassettePaths: [directory.file("c.json")], environment: ["PROBE_KEY": "ab12c"],
                secrets: [SecretDeclaration(variable: "PROBE_KEY", headers: ["X-Probe-Key"])]))
        #expect {
            _ = try session.client.send(HTTPRequest(url: "https://api.example.com/m/ab12c/x"))
        } throws: { error in
            guard case .notRecorded(let message) = error as? HTTPClientError else { return false }
            return !message.contains("ab12c") && message.contains("<PROBE_KEY>")
        }
    }

    /// A cassette written by hand may hold real secrets: a miss report (the message, `serve`'s
    /// 404 body) shows the closest recorded request with them replaced (an attack run read them).
    @Test func aMissReportHidesTheClosestRecordedRequestsSecrets() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorded = HTTPInteraction(
            request: HTTPRequest(url: "https://api.example.com/x?client_secret=RealSecretValue123&k=1&token=ab1"),
            response: HTTPResponse(status: 200), recordedAt: "2026-12-07T00:00:00Z")
        try directory.write(Cassette(interactions: [recorded]).text(), to: "c.json")
        let session = try RecordingSession(
            options: RecordingOptions(cassettePaths: [directory.file("c.json")], environment: [:]))
        let request = HTTPRequest(url: "https://api.example.com/x?client_secret=other&k=1&token=zz9")
        #expect {
            _ = try session.client.send(request)
        } throws: { error in
            guard case .notRecorded(let message) = error as? HTTPClientError else { return false }
            return !message.contains("RealSecretValue123") && !message.contains("ab1")
                && message.contains("differs: a secret parameter")
        }
        let report = try #require(session.unmatchedReport(for: request))
        let shown = "\(report)" + (report.closest?.interaction.request.url ?? "")
        #expect(!shown.contains("RealSecretValue123") && !shown.contains("token=ab1"), "\(shown)")
    }

    @Test func aBasicCredentialIsLearnedDecodedToo() {
        let redactor = Redactor(declarations: [], environment: [:])
        let credential = Data("reporter:pr0beSecretA1b2c3".utf8).base64EncodedString()
        _ = redactor.redact(
            HTTPRequest(url: "https://api.example.com/a", headers: ["Authorization": "Basic \(credential)"]))
        let echo = redactor.redact(
            HTTPResponse(status: 200, body: Array(#"{"login":"reporter:pr0beSecretA1b2c3","password":"x"}"#.utf8)))
        #expect(!Self.text(echo).contains("pr0beSecretA1b2c3"))
        let password = redactor.redact(HTTPResponse(status: 200, body: Array("you sent pr0beSecretA1b2c3".utf8)))
        #expect(!Self.text(password).contains("pr0beSecretA1b2c3"))
    }

    @Test(arguments: [
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261207/us-east-1/s3/aws4_request, "
            + "SignedHeaders=host;x-amz-date, Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
        #"Digest username="reporter", realm="api", nonce="dcd98b7102dd2f0e", uri="/a", "#
            + #"response="fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024""#,
    ])
    func aSignatureParameterOfAnAuthorizationIsLearned(header: String) {
        let redactor = Redactor(declarations: [], environment: [:])
        _ = redactor.redact(HTTPRequest(url: "https://api.example.com/a", headers: ["Authorization": header]))
        let echo = redactor.redact(
            HTTPResponse(
                status: 403,
                body: Array(
                    "<SignatureProvided>fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024</SignatureProvided>"
                        .utf8)))
        #expect(!Self.text(echo).contains("fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024"))
    }

    @Test func secretNamesMatchInCamelCaseAndWithHyphens() {
        let redactor = Redactor(declarations: [], environment: [:])
        let body =
            #"{"accessToken":"NewTok9zq8w7e6r5t4","refresh-token":"NewTok9zq8w7e6r5t5","clientId":"app","keyboard":"qwertyuiop"}"#
        let response = redactor.redact(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        #expect(!Self.text(response).contains("NewTok9zq8w7e6r5t"))
        #expect(Self.text(response).contains(#""clientId":"app""#))
        #expect(Self.text(response).contains("qwertyuiop"))
        let request = redactor.redact(
            HTTPRequest(url: "https://api.example.com/a?accessToken=NewTok9zq8w7e6r5t6&page=2"))
        #expect(request.url.hasSuffix("accessToken=<REDACTED_ACCESSTOKEN>&page=2"))
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters.
    fileprivate static let urlUnreservedForTest = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension Array where Element == UInt8 {
    fileprivate func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
