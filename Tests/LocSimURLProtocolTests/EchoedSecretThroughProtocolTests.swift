import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one-liner's recorder keeps a declared secret by value (issue 35, defect 4): a hard-coded
/// key in a declared header, the variable unset, echoed by the service in its body.
@Suite struct EchoedSecretThroughProtocolTests {
    @Test func anEchoedUserAgentIsNotWrittenWithTheVariableUnset() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try LoopbackHTTPServer { request in
            let agent = request.header("User-Agent") ?? ""
            return .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/geo+json"],
                    body: Array(#"{"title":"Alerts for \#(agent)","features":[]}"#.utf8)))
        }
        defer { server.stop() }
        let userAgent = "(myweatherapp k3y-4f9a1c77d2, ops.person@example.org)"
        let recorder = try LocSimCassetteSession(
            cassette: fixture.url("nws.json"), mode: .once,
            secrets: [SecretDeclaration(variable: "NWS_USER_AGENT", headers: ["User-Agent"])], environment: [:],
            reportsMisses: false)
        var request = URLRequest(url: URL(string: server.baseURL + "/alerts/active?point=29.8,-91.5")!)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        _ = try await recorder.session.data(for: request)
        try recorder.finish()
        let text = try #require(fixture.read("nws.json"))
        #expect(!text.contains("k3y-4f9a1c77d2") && !text.contains("ops.person@example.org"), "\(text)")
        #expect(text.contains("Alerts for <NWS_USER_AGENT>"))
    }
}
