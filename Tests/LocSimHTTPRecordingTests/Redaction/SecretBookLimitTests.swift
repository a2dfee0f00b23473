import Testing

@testable import LocSimHTTPRecording

/// A run learns at most `SecretBook.maxLearned` values: `locsim serve` fed a new `client_id` with
/// every request searched every later string for all of them, each request slower than the last
/// until none was answered (found by an attack run: 250 requests 23.7 s, the next 250 70.7 s).
@Suite struct SecretBookLimitTests {
    @Test func learningStopsAtTheLimitAndTheEnvironmentsSecretsStay() {
        let redactor = Redactor(
            declarations: [SecretDeclaration(variable: "AERIS_CLIENT_ID", queryParameters: ["client_id"])],
            environment: ["AERIS_CLIENT_ID": "environmentClientID"])
        for index in 0..<(SecretBook.maxLearned + 100) {
            redactor.learn("learnedValue\(index)", as: "<REDACTED_CLIENT_ID>")
        }
        let values = redactor.secrets.map(\.value)
        #expect(values.count == 1 + SecretBook.maxLearned)
        #expect(values.contains("environmentClientID"))
        #expect(values.contains("learnedValue0"))
        #expect(!values.contains("learnedValue\(SecretBook.maxLearned)"))
        // Still replaced where its name says it is a secret.
        let url = redactor.redact(url: "https://api.aerisapi.com/x?client_id=learnedValue300&p=1")
        #expect(!url.contains("learnedValue300"), "\(url)")
    }
}
