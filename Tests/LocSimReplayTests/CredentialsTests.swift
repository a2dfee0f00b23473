import LocSimHTTPRecording
import LocSimReplay
import Testing

/// The secrets of the original app (``ReplayApp/secrets``), read from the environment.
struct CredentialsTests {
    @Test func absentVariablesBecomePlaceholders() {
        let credentials = Credentials(
            declarations: ReplayApp().secrets, environment: ["OWM_APPID": "abc123def456", "AERIS_CLIENT_ID": ""])
        #expect(credentials["OWM_APPID"] == "abc123def456")
        #expect(credentials["AERIS_CLIENT_ID"] == "<AERIS_CLIENT_ID>")
        #expect(credentials["AERIS_CLIENT_SECRET"] == "<AERIS_CLIENT_SECRET>")
        #expect(credentials["NWS_USER_AGENT"] == "<NWS_USER_AGENT>")
        #expect(credentials["NOMINATIM_USER_AGENT"] == "<NOMINATIM_USER_AGENT>")
        #expect(credentials["PARSE_APPLICATION_ID"] == "<PARSE_APPLICATION_ID>")
        #expect(credentials["PARSE_REST_API_KEY"] == "<PARSE_REST_API_KEY>")
        #expect(!credentials.missingVariables.contains("OWM_APPID"))
        #expect(credentials.missingVariables.contains("AERIS_CLIENT_ID"))
        // Every declared variable but OWM_APPID (set) is missing, each once.
        let declared = Set(ReplayApp().secrets.map(\.variable))
        #expect(Set(credentials.missingVariables) == declared.subtracting(["OWM_APPID"]))
        #expect(credentials.missingVariables.count == declared.count - 1)
    }

    @Test func onlyDeclaredVariablesAreRead() {
        let credentials = Credentials(declarations: ReplayApp().secrets, environment: ["PATH": "/usr/bin"])
        #expect(credentials["PATH"] == "<PATH>")
        #expect(credentials.redact("/usr/bin") == "/usr/bin")
    }

    @Test func redactReplacesRealSecretsAndTheirEncodedForm() {
        let credentials = Credentials(
            declarations: ReplayApp().secrets,
            environment: ["AERIS_CLIENT_SECRET": "s3cr3t value", "OWM_APPID": "abc123def456"])
        let text = "GET /x?client_secret=s3cr3t%20value&appid=abc123def456 failed; echo: s3cr3t value"
        #expect(
            credentials.redact(text)
                == "GET /x?client_secret=<AERIS_CLIENT_SECRET>&appid=<OWM_APPID> failed; echo: <AERIS_CLIENT_SECRET>")
    }

    @Test func placeholdersAreNotRedacted() {
        let text = "client_id=<AERIS_CLIENT_ID>"
        #expect(Credentials.placeholders.redact(text) == text)
    }
}
