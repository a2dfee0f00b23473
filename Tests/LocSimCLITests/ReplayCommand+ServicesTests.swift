import Foundation
import LocSimCLI
import Testing

/// Providers through `replay`, answered by cassettes only.
@Suite struct ReplayCommandServicesTests {
    static let franklin = CLIFixture.gpx(#"<wpt lat="29.7960" lon="-91.5012"><name>Franklin</name></wpt>"#)

    /// A hand-written cassette in the documented format (docs/recordings.md): Aeris answers a
    /// Coastal Flood Advisory for Franklin, LA.
    static let cassette = """
        {
          "interactions" : [
            {
              "request" : {
                "method" : "GET",
                "url" : "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"
              },
              "response" : {
                "body" : {
                  "error" : null,
                  "response" : [
                    {
                      "details" : {
                        "body" : "...COASTAL FLOOD ADVISORY IN EFFECT UNTIL 6 PM CST...",
                        "loc" : "LAZ052",
                        "name" : "Coastal Flood Advisory",
                        "type" : "CF.Y"
                      },
                      "id" : "LAZ052-CF.Y",
                      "timestamps" : { "expiresISO" : "2024-01-01T18:00:00-06:00" }
                    }
                  ],
                  "success" : true
                },
                "bodyEncoding" : "json",
                "headers" : { "Content-Type" : "application/json" },
                "status" : 200
              }
            }
          ],
          "version" : 1
        }
        """

    @Test func providersNoneMeansNoProviderEvents() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl", "--providers", "none"])
        #expect(outcome.status == .success)
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE"])
        #expect(outcome.stderr == "")
    }

    /// Nothing recorded: a `provider_error` whose message is one line, identical on every machine
    /// (no absolute path); the full report goes to stderr.
    @Test func anEmptyCassettesDirectoryGivesNotRecorded() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try FileManager.default.createDirectory(
            atPath: fixture.directory + "/empty", withIntermediateDirectories: true)
        let outcome = fixture.run(["replay", "franklin.gpx", "--format", "jsonl", "--cassettes", "empty"])
        #expect(outcome.status == .success)
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE", "provider_error"])
        let error = try #require(outcome.stdoutLines.last)
        #expect(
            error == #"{"code":"not_recorded","event":"provider_error","message":"no recorded interaction answers GET "#
                + #"https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&"#
                + #"client_secret=<AERIS_CLIENT_SECRET>","provider":"aeris","t":0.000}"#)
        #expect(!outcome.stdout.contains(fixture.directory))
        #expect(
            outcome.stderr == """
                warning: no recorded interaction answers 1 request:
                  1× GET https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>
                      closest: none (no recorded interactions were loaded)
                  searched: cassettes under empty (0 files)
                  to record it: locsim scenario new franklin --track franklin.gpx && locsim record franklin

                """)
        #expect(!outcome.stderr.contains(fixture.directory))
    }

    @Test func aCassetteAnsweringAnAdvisoryLeadsToAPush() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.franklin, to: "franklin.gpx")
        try fixture.write(Self.cassette, to: "franklin.json")
        let outcome = fixture.run(
            ["replay", "franklin.gpx", "--format", "jsonl", "--no-noise", "--cassette", "franklin.json"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE", "ADVISORY_AVAILABLE", "push"])
        let lines = outcome.stdoutLines
        #expect(
            lines[3] == #"{"body":"...COASTAL FLOOD ADVISORY IN EFFECT UNTIL 6 PM CST...","emergency":"false","#
                + #""event":"ADVISORY_AVAILABLE","expires":"2024-01-01T18:00:00-06:00","id":"LAZ052-CF.Y","#
                + #""location":"Franklin, LA","name":"Coastal Flood Advisory","provider":"aeris","t":0.000,"#
                + #""type":"CF.Y","zone":"LAZ052"}"#)
        #expect(
            lines[4] == #"{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","event":"push","#
                + #""payload":{"aps":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","#
                + #""sound":"alert.caf"}},"sound":"alert.caf","t":0.000}"#)
    }
}
