import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimTesting
import Testing

/// `replay --live` against a provider stand-in that redirects to another origin: nothing goes
/// there, least of all `NWS_USER_AGENT` (a secret header); the 3xx is the answer, and the one
/// recorded. libcurl followed it with every header (found by an attack run).
@Suite struct LiveRedirectTests {
    static let contact = "(locsim e2e, redirect-secret@example.net)"

    @Test func aProviderRedirectToAnotherOriginSendsNothingThere() throws {
        let other = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/geo+json"], body: Array("{}".utf8)))
        }
        defer { other.stop() }
        let location = other.baseURL + "/alerts/active?point=29.796,-91.5012"
        let provider = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 301, headers: ["Location": location]))
        }
        defer { provider.stop() }
        let (outcome, cassette) = try CLIFixture.withFranklin { fixture in
            let outcome = fixture.run(
                [
                    "replay", "franklin.gpx", "--format", "jsonl", "--live", "--providers", "nws", "--record", "c.json",
                    "--base-url", "nws=\(provider.baseURL)",
                ], environment: ["NWS_USER_AGENT": Self.contact])
            return (outcome, fixture.read("c.json"))
        }
        #expect(provider.requests.first?.header("User-Agent") == Self.contact, "\(outcome.stderr)")
        #expect(other.requests.isEmpty, "the redirect was followed: \(other.requests.map { $0.headers })")
        #expect(outcome.stdout.contains(#""code":"http_301""#))
        let written = try #require(cassette, "\(outcome.stderr)")
        #expect(written.contains(#""status" : 301"#))
        #expect(written.contains(location))
    }
}
