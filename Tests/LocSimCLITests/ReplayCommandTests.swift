import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimLocationCore
import Testing

@Suite struct ReplayCommandTests {
    static let offline = ["--providers", "none", "--geocoder", "none"]

    static let xcodeTemplate = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="Xcode">
            <wpt lat="37.331705" lon="-122.030237">
                <name>Cupertino</name>
                <time>2014-09-24T14:55:37Z</time>
            </wpt>
        </gpx>
        """

    /// One waypoint, one route point, two track points, each kind at its own latitude.
    static let allKinds = CLIFixture.gpx(
        """
        <wpt lat="10.5" lon="1"></wpt>
        <rte><rtept lat="20.5" lon="1"></rtept></rte>
        <trk><trkseg><trkpt lat="30.5" lon="1"></trkpt><trkpt lat="30.5001" lon="1"></trkpt></trkseg></trk>
        """)

    @Test func jsonlPrintsTheTranscriptAndNothingElse() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 30, spacing: 40), to: "Waypoints/line.gpx")
        let outcome = fixture.run(
            ["replay", "Waypoints/line.gpx", "--format", "jsonl", "--distance-filter", "300", "--providers", "none"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        #expect(outcome.stdoutLines.count > 3)
        for line in outcome.stdoutLines {
            #expect(try JSONValue.parse(line).compact() == line)
            #expect(line.firstMatch(of: /"t":\d+\.\d{3}[,}]/) != nil)
            #expect(line.contains(#""event":""#))
        }
        #expect(outcome.events.first == "authorization")
        let text = fixture.run(
            ["replay", "Waypoints/line.gpx", "--distance-filter", "300", "--providers", "none"])
        #expect(text.status == .success)
        #expect(text.stdoutLines.count == outcome.stdoutLines.count)
        #expect(text.stderr.hasPrefix("replayed 30 points (<trkpt> source) as 30 raw fixes; "))
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 60, spacing: 50), to: "t.gpx")
        let arguments = ["replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none"] + Self.offline
        let first = fixture.run(arguments + ["--seed", "3"])
        let second = fixture.run(arguments + ["--seed", "3"])
        let other = fixture.run(arguments + ["--seed", "4"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout != other.stdout)
        #expect(first.stdoutLines.count == other.stdoutLines.count)
    }

    @Test func theXcodeTemplateIsOneFixAtZero() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.xcodeTemplate, to: "Cupertino.gpx")
        let outcome = fixture.run(["replay", "Cupertino.gpx", "--format", "jsonl", "--no-noise", "--providers", "none"])
        #expect(outcome.status == .success)
        #expect(
            outcome.stdout == """
                {"event":"authorization","name":"authorizedAlways","status":3,"t":0.000}
                {"course":-1,"courseAccuracy":-1,"event":"location","horizontalAccuracy":1000,"latitude":37.331705,"longitude":-122.030237,"speed":-1,"speedAccuracy":-1,"t":0.000,"timestamp":"2014-09-24T14:55:37Z","verticalAccuracy":-1}
                {"city":"Cupertino","country":"United States","event":"LOCATION_AVAILABLE","isoCountryCode":"US","latitude":37.331705,"longitude":-122.030237,"state":"CA","t":0.000}

                """)
    }

    @Test(arguments: [
        ([String](), "30.5"), (["--source", "trk"], "30.5"), (["--source", "rte"], "20.5"),
        (["--source", "wpt"], "10.5"),
    ])
    func sourceSelection(arguments: [String], latitude: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.allKinds, to: "kinds.gpx")
        let outcome = fixture.run(
            ["replay", "kinds.gpx", "--format", "jsonl", "--no-noise", "--interval", "0"] + Self.offline + arguments)
        #expect(outcome.status == .success)
        let locations = outcome.stdoutLines.filter { $0.contains(#""event":"location""#) }
        #expect(locations.first?.contains(#""latitude":\#(latitude)00000,"#) == true)
    }

    @Test func routesWinWhenThereIsNoTrack() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(
            CLIFixture.gpx(
                #"<wpt lat="10.5" lon="1"/><rte><rtept lat="20.5" lon="1"/><rtept lat="20.6" lon="1"/></rte>"#),
            to: "r.gpx")
        let outcome = fixture.run(["replay", "r.gpx", "--format", "jsonl", "--no-noise"] + Self.offline)
        let locations = outcome.stdoutLines.filter { $0.contains(#""event":"location""#) }
        #expect(locations.first?.contains(#""latitude":20.500000,"#) == true)
    }

    @Test func theTextSummaryCountsTheReplayedKind() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.allKinds, to: "kinds.gpx")
        let outcome = fixture.run(["replay", "kinds.gpx", "--interval", "0", "--no-noise"] + Self.offline)
        #expect(outcome.status == .success)
        #expect(
            outcome.stderr
                == "replayed 2 points (<trkpt> source) as 2 raw fixes; 1 delivered; geocodes: 0 issued, 0 throttled, "
                + "0 cached, 0 canceled; 2 events over 0.554 virtual s\n")
    }

    @Test func aForcedKindTheFileLacksIsInvalidData() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 10), to: "only-track.gpx")
        let outcome = fixture.run(["replay", "only-track.gpx", "--source", "rte", "--format", "jsonl"])
        #expect(outcome.status == .dataError)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr == "only-track.gpx: error: no <rtept> points to replay, but --source asks for them\n")
    }

    @Test func loopTwoDoublesTheLaps() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 11, spacing: 20), to: "t.gpx")
        let arguments = ["replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none"] + Self.offline
        let once = fixture.run(arguments)
        let twice = fixture.run(arguments + ["--loop", "2"])
        #expect(once.times(of: "location").count == 11)
        #expect(twice.times(of: "location").count == 22)
        #expect(twice.times(of: "location").last == "21.000")
    }

    @Test func intervalZeroReplaysOnlyThePoints() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 500, step: 60), to: "t.gpx")
        let arguments = ["replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none"] + Self.offline
        #expect(fixture.run(arguments + ["--interval", "0"]).times(of: "location") == ["0.000", "60.000", "120.000"])
        #expect(fixture.run(arguments).times(of: "location").count == 121)
    }

    @Test(arguments: [([String](), "50.000"), (["--speed", "10"], "100.000"), (["--speed", "2.5"], "400.000")])
    func untimedPointsMoveAtSpeed(arguments: [String], end: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 1000, step: nil), to: "u.gpx")
        let outcome = fixture.run(
            ["replay", "u.gpx", "--format", "jsonl", "--distance-filter", "none", "--interval", "0"] + Self.offline
                + arguments)
        #expect(outcome.times(of: "location") == ["0.000", end])
    }

    @Test func significantChangeAndAuthorizationFlagsReachTheEngine() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 10), to: "t.gpx")
        let denied = fixture.run(["replay", "t.gpx", "--format", "jsonl", "--authorization", "denied"])
        #expect(denied.events == ["authorization", "location_error"])
        let significant = fixture.run(
            ["replay", "t.gpx", "--format", "jsonl", "--significant-change"] + Self.offline)
        #expect(significant.stdout.contains(#""horizontalAccuracy":100,"#))
    }

    /// The geocoding flags reach the session: 20 fixes a second apart, offline gazetteer.
    @Test(arguments: [
        (
            ["--geocode-limit", "5/10"],
            [
                "0.000", "1.000", "2.000", "3.000", "4.000", "10.000", "11.000", "12.000",
                "13.000", "14.000",
            ], 10
        ),
        (["--geocode-latency", "1.5", "--geocode-overlap", "parallel"], (1...20).map { "\($0).500" }, 0),
        (["--geocode-latency", "1.5"], ["20.500"], 19),
        (["--geocode-min-interval", "8"], ["0.000", "8.000", "16.000"], 0),
        (["--geocode-cache-radius", "200"], (0..<20).map { "\($0).000" }, 0),
    ])
    func geocodingFlags(arguments: [String], places: [String], failures: Int) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 20, spacing: 30), to: "t.gpx")
        let outcome = fixture.run(
            ["replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none", "--providers", "none"] + arguments)
        #expect(outcome.status == .success)
        #expect(outcome.times(of: "LOCATION_AVAILABLE") == places)
        #expect(outcome.times(of: "geocode_failed").count == failures)
    }

    @Test func geocoderNoneMeansNoPlacesAndNoProviders() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 20, spacing: 30), to: "t.gpx")
        let outcome = fixture.run(
            ["replay", "t.gpx", "--format", "jsonl", "--distance-filter", "none", "--geocoder", "none"])
        #expect(outcome.status == .success)
        #expect(Set(outcome.events) == ["authorization", "location"])
        #expect(outcome.stderr == "")
    }
}
