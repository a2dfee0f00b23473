import Foundation
import LocSimCLI
import LocSimHTTPRecording
import LocSimTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// issue 19 item 1: whatever a live provider echoes back — a key in a JSON value, percent-encoded,
/// base64 or written with `\u` escapes — never reaches stdout, stderr, a map or a cassette.
@Suite struct LiveRedactionTests {
    static let secret = "sekret-value-42"
    static var environment: [String: String] {
        var keys = LiveRecordUnreachableTests.keys
        keys["AERIS_CLIENT_SECRET"] = secret
        return keys
    }
    static let percentEncoded = secret.utf8.map { String(format: "%%%02X", $0) }.joined()
    static let jsonEscaped =
        secret.unicodeScalars.prefix(6).map { String(format: "\\u%04x", $0.value) }.joined()
        + secret.dropFirst(6)
    static let base64 = Data(secret.utf8).base64EncodedString()

    /// Aeris answering four advisories whose names carry the secret in each form.
    static func echoingServer() throws -> LoopbackHTTPServer {
        let names = [
            "Raw \(secret)", "Percent \(percentEncoded)", "Escaped \(jsonEscaped)", "Base64 \(base64)",
        ]
        let advisories = names.enumerated().map { index, name in
            #"{"details":{"body":"b","loc":"LAZ05\#(index)","name":"\#(name)","type":"CF.Y"},"id":"A\#(index)","#
                + #""timestamps":{"expiresISO":"2024-01-01T18:00:00-06:00"}}"#
        }
        let body = #"{"error":null,"success":true,"response":["# + advisories.joined(separator: ",") + "]}"
        return try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }
    }

    static func expectNoSecret(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for form in [secret, percentEncoded, jsonEscaped, base64, String(base64.dropLast(4))] {
            #expect(!text.contains(form), "found \(form)", sourceLocation: sourceLocation)
        }
    }

    /// Runs `body` with the echoing server and a fixture holding `franklin.gpx`.
    static func withEchoingServer(_ body: (LoopbackHTTPServer, CLIFixture) throws -> Void) throws {
        let server = try Self.echoingServer()
        defer { server.stop() }
        try CLIFixture.withFranklin { try body(server, $0) }
    }

    /// `replay franklin.gpx --live --advisory all` against `server`, with `extra` arguments.
    static func replayLive(_ fixture: CLIFixture, _ server: LoopbackHTTPServer, _ extra: [String]) -> RunOutcome {
        fixture.run(
            ["replay", "franklin.gpx", "--live", "--advisory", "all", "--base-url", "aeris=\(server.baseURL)"] + extra,
            environment: environment)
    }

    @Test(arguments: ["jsonl", "text"])
    func echoedSecretsNeverReachTheTranscript(format: String) throws {
        try Self.withEchoingServer { server, fixture in
            let outcome = Self.replayLive(fixture, server, ["--format", format, "--map", "map.svg"])
            #expect(outcome.status == .success)
            #expect(server.requests.count == 1)
            Self.expectNoSecret(outcome.stdout)
            Self.expectNoSecret(outcome.stderr)
            let map = fixture.read("map.svg") ?? ""
            Self.expectNoSecret(map)
            // issue 24 item 2: redacted before escaping, so the placeholder is text and the map parses.
            let document = try XMLDocument(xmlString: map, options: [])
            let text = document.rootElement()?.stringValue ?? ""
            for label in ["Raw", "Percent", "Escaped", "Base64"] {
                #expect(outcome.stdout.contains("\(label) <AERIS_CLIENT_SECRET>"), "\(label)")
                #expect(text.contains("\(label) <AERIS_CLIENT_SECRET>"), "\(label) in the map")
            }
        }
    }

    @Test func echoedSecretsNeverReachTheCassette() throws {
        try Self.withEchoingServer { server, fixture in
            let outcome = Self.replayLive(fixture, server, ["--format", "jsonl", "--record", "c.json"])
            #expect(outcome.status == .success, "\(outcome.stderr)")
            Self.expectNoSecret(outcome.stdout)
            let cassette = try #require(fixture.read("c.json"))
            Self.expectNoSecret(cassette)
            #expect(cassette.contains("Escaped <AERIS_CLIENT_SECRET>"))
            // The recording replays offline, placeholders and all.
            let replayed = fixture.run(
                [
                    "replay", "franklin.gpx", "--format", "jsonl", "--advisory", "all", "--cassette", "c.json",
                    "--base-url", "aeris=\(server.baseURL)",
                ])
            #expect(replayed.status == .success)
            #expect(replayed.stdout.contains("Raw <AERIS_CLIENT_SECRET>"))
        }
    }
}
