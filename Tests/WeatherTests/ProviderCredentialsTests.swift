import Testing

@testable import Weather

struct ProviderCredentialsTests {
    @Test func absentVariablesBecomePlaceholders() {
        let credentials = ProviderCredentials(environment: ["OWM_APPID": "abc123def456", "AERIS_CLIENT_ID": ""])
        #expect(credentials.owmAppID == "abc123def456")
        #expect(credentials.aerisClientID == "<AERIS_CLIENT_ID>")
        #expect(credentials.aerisClientSecret == "<AERIS_CLIENT_SECRET>")
        #expect(credentials.nwsUserAgent == "<NWS_USER_AGENT>")
        #expect(credentials.nominatimUserAgent == "<NOMINATIM_USER_AGENT>")
        #expect(credentials.parseApplicationID == "<PARSE_APPLICATION_ID>")
        #expect(credentials.parseRESTAPIKey == "<PARSE_REST_API_KEY>")
        #expect(!credentials.missingVariables.contains("OWM_APPID"))
        #expect(credentials.missingVariables.contains("AERIS_CLIENT_ID"))
        #expect(credentials.missingVariables.count == 6)
    }

    @Test func redactReplacesRealSecretsAndTheirEncodedForm() {
        let credentials = ProviderCredentials(environment: [
            "AERIS_CLIENT_SECRET": "s3cr3t value", "OWM_APPID": "abc123def456",
        ])
        let text = "GET /x?client_secret=s3cr3t%20value&appid=abc123def456 failed; echo: s3cr3t value"
        #expect(
            credentials.redact(text)
                == "GET /x?client_secret=<AERIS_CLIENT_SECRET>&appid=<OWM_APPID> failed; echo: <AERIS_CLIENT_SECRET>")
    }

    @Test func placeholdersAreNotRedacted() {
        let text = "client_id=<AERIS_CLIENT_ID>"
        #expect(ProviderCredentials.placeholders.redact(text) == text)
    }
}
