import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

@Suite struct SecretLeakTests {
    let redactor = Redactor(
        declarations: DeclaredSecrets.all,
        environment: ["AERIS_CLIENT_SECRET": "s3cr3t value", "OWM_APPID": "12345678"])

    @Test(
        arguments: [
            ("prefix s3cr3t value suffix", "raw"),
            ("q=s3cr3t%20value", "percent-encoded"),
            ("q=s3cr3t%20Value", nil),
            ("q=s3cr3t+value", "form-encoded"),
            ("%73%33cr3t+value", "form-encoded"),
            ("hdr " + Data("s3cr3t value".utf8).base64EncodedString(), "base64"),
            ("x" + Data("a:s3cr3t value".utf8).base64EncodedString(), "base64"),
            (Data("ab:s3cr3t value!".utf8).base64EncodedString(), "base64"),
            ("nothing here", nil),
        ] as [(String, String?)])
    func findsEverySpelling(text: String, form: String?) {
        let leaks = redactor.leaks(in: .object(["url": .string(text)]))
        #expect(leaks.first?.form == form)
        if form != nil { #expect(leaks.first?.location == "url") }
    }

    @Test func findsNumbersKeysAndNestedPlacesAndNeverPrintsTheValue() {
        let document = JSONValue.object([
            "interactions": .array([
                .object(["response": .object(["body": .object(["id": .number("12345678"), "s3cr3t value": .null])])])
            ])
        ])
        let leaks = redactor.leaks(in: document)
        #expect(
            Set(leaks.map(\.description)) == [
                "the value of OWM_APPID appears raw at interactions[0].response.body.id",
                "the value of AERIS_CLIENT_SECRET appears raw at interactions[0].response.body.(a key holding a secret)",
            ])
        #expect(leaks.allSatisfy { !$0.description.contains("12345678") && !$0.description.contains("s3cr3t") })
    }

    @Test func noSecretsMeansNoLeaks() {
        #expect(
            Redactor(
                declarations: DeclaredSecrets.all, environment: [:]
            ).leaks(inText: "anything at all").isEmpty)
    }
}
