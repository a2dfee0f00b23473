import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimTesting
import Testing

/// issue 19 item 11: `replay --live --record` to a provider that cannot be reached writes
/// nothing and exits 69; `--live` says which keys it sends as placeholders.
@Suite struct LiveRecordUnreachableTests {
    static let keys = [
        "AERIS_CLIENT_ID": "id-1234", "AERIS_CLIENT_SECRET": "secret-1234", "OWM_APPID": "owm-1234",
        "NWS_USER_AGENT": "nws-agent", "NOMINATIM_USER_AGENT": "nominatim-agent", "PARSE_APPLICATION_ID": "parse-1234",
        "PARSE_REST_API_KEY": "rest-1234",
    ]

    /// A port nothing listens on: a loopback server's, once it has stopped.
    static func closedPortURL() throws -> String {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200)) }
        server.stop()
        return server.baseURL
    }

    @Test func recordingAnUnreachableProviderExits69AndWritesNothing() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "franklin.gpx")
        let outcome = fixture.run(
            [
                "replay", "franklin.gpx", "--format", "jsonl", "--live", "--record", "c.json", "--http-timeout", "5",
                "--base-url", "aeris=\(try Self.closedPortURL())",
            ], environment: Self.keys)
        #expect(outcome.status == .unavailable)
        #expect(outcome.stderr.contains("error: could not reach the provider (nothing was written):\n  "))
        #expect(fixture.read("c.json") == nil)
        #expect(outcome.stdout.contains(#""code":"unreachable""#))
    }

    @Test func liveWarnsAboutPlaceholdersWhenAKeyIsNotSet() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "franklin.gpx")
        var environment = Self.keys
        environment["AERIS_CLIENT_SECRET"] = nil
        environment["OWM_APPID"] = ""
        // Providers that need the two keys, pointed at a port nothing listens on: no network.
        let unreachable = ["--base-url", "aeris=http://127.0.0.1:1", "--base-url", "owm=http://127.0.0.1:1"]
        let outcome = fixture.run(
            [
                "replay", "franklin.gpx", "--format", "jsonl", "--live", "--providers", "aeris,owm-umbrella",
            ] + unreachable, environment: environment)
        #expect(outcome.status == .success)
        #expect(
            outcome.stderr
                == "warning: --live: not set in the environment, so sent as placeholders: AERIS_CLIENT_SECRET, OWM_APPID\n"
        )
        let keyed = fixture.run(
            ["replay", "franklin.gpx", "--live", "--providers", "aeris,owm-umbrella"] + unreachable,
            environment: Self.keys)
        #expect(!keyed.stderr.contains("warning"))
        let offline = fixture.run(["replay", "franklin.gpx", "--providers", "none"])
        #expect(!offline.stderr.contains("warning"))
    }
}
