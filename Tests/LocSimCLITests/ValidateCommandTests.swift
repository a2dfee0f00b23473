import Foundation
import LocSimCLI
import LocSimTesting
import Testing

@Suite struct ValidateCommandTests {
    static let good = CLIFixture.gpx(
        """
        <wpt lat="29.1" lon="-91.5"></wpt>
        <rte><rtept lat="29.1" lon="-91.5"></rtept><rtept lat="29.2" lon="-91.5"></rtept></rte>
        <trk><trkseg>
        <trkpt lat="29.0" lon="-91.5"><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="29.01" lon="-91.5"><time>2024-01-01T00:01:30Z</time></trkpt>
        </trkseg><trkseg>
        <trkpt lat="29.02" lon="-91.5"><time>2024-01-01T01:02:05Z</time></trkpt>
        </trkseg></trk>
        """)

    /// Three errors (a missing attribute, out-of-range longitude and a bad time) and a warning (an
    /// out-of-range latitude: the point is skipped).
    static let bad = CLIFixture.gpx(
        """
        <wpt lat="29.1" lon="-91.5"></wpt>
        <trk><trkseg>
        <trkpt lat="95" lon="-91.5"><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lon="-91.5"><time>2024-01-01T00:00:10Z</time></trkpt>
        <trkpt lat="29.2" lon="-191.5"><time>2024-01-01T00:00:20Z</time></trkpt>
        <trkpt lat="29.2" lon="-91.5"><time>yesterday</time></trkpt>
        </trkseg></trk>
        """)

    static func fixture() throws -> CLIFixture {
        let fixture = try CLIFixture()
        return try removingIfThrows(URL(fileURLWithPath: fixture.directory)) {
            try fixture.write(good, to: "Waypoints/good.gpx")
            try fixture.write(bad, to: "Waypoints/bad.gpx")
            return fixture
        }
    }

    @Test func aGoodFileIsSummarised() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["validate", "Waypoints/good.gpx"])
        #expect(outcome.status == .success)
        // A valid file's warnings go to stderr, after the summary.
        #expect(
            outcome.stderr
                == "Waypoints/good.gpx:9:32: warning: 1 gap between timed points longer than --max-gap 10 min (1 h 35 s); "
                + "replay pauses there: no interpolation, the clock jumps\n")
        #expect(
            outcome.stdout == """
                Waypoints/good.gpx: valid
                  tracks: 1, segments: 2, track points: 3
                  routes: 1, route points: 2
                  waypoints: 1
                  time: 2024-01-01T00:00:00Z – 2024-01-01T01:02:05Z (1 h 2 min 5 s)
                  length: 1.11 km

                """)
    }

    @Test func everyProblemIsReportedCompilerStyle() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["validate", "Waypoints/bad.gpx"])
        #expect(outcome.status == .dataError)
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr == """
                Waypoints/bad.gpx:6:1: error: <trkpt> is missing attribute 'lat'
                Waypoints/bad.gpx:7:1: error: <trkpt> attribute 'lon' is out of range: -191.5 is not between -180 and 180
                Waypoints/bad.gpx:8:31: error: <time> is not an xsd:dateTime: 'yesterday'
                Waypoints/bad.gpx:5:1: warning: 1 point with a latitude out of range (first 95 at 5:1); skipped, replay breaks the track there
                Waypoints/bad.gpx: 3 errors

                """)
    }

    @Test func aMissingFileIsNoInput() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["validate", "Waypoints/nope.gpx"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stderr.hasPrefix("Waypoints/nope.gpx: error: no such file or directory\n"))
    }

    @Test func aDirectoryIsAnInputThatCannotBeOpened() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let outcome = fixture.run(["validate", "Waypoints"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stderr.hasPrefix("Waypoints: error: is a directory\n"))
    }

    @Test func jsonIsOneCompactObjectPerFile() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let outcome = fixture.run(
            ["validate", "--format", "json", "Waypoints/good.gpx", "Waypoints/bad.gpx", "Waypoints/nope.gpx"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stderr == "")
        #expect(
            outcome.stdout == """
                {"errors":[],"file":"Waypoints/good.gpx","routePoints":2,"routes":1,"segments":2,"trackPoints":3,"tracks":1,"valid":true,"warnings":[{"column":32,"line":9,"message":"1 gap between timed points longer than --max-gap 10 min (1 h 35 s); replay pauses there: no interpolation, the clock jumps"}],"waypoints":1}
                {"errors":[{"column":1,"line":6,"message":"<trkpt> is missing attribute 'lat'"},{"column":1,"line":7,"message":"<trkpt> attribute 'lon' is out of range: -191.5 is not between -180 and 180"},{"column":31,"line":8,"message":"<time> is not an xsd:dateTime: 'yesterday'"}],"file":"Waypoints/bad.gpx","routePoints":0,"routes":0,"segments":1,"trackPoints":4,"tracks":1,"valid":false,"warnings":[{"column":1,"line":5,"message":"1 point with a latitude out of range (first 95 at 5:1); skipped, replay breaks the track there"}],"waypoints":1}
                {"errors":[{"column":0,"line":0,"message":"no such file or directory"}],"file":"Waypoints/nope.gpx","routePoints":0,"routes":0,"segments":0,"trackPoints":0,"tracks":0,"valid":false,"warnings":[],"waypoints":0}

                """)
    }

    @Test(arguments: [
        (["Waypoints/good.gpx"], 0), (["Waypoints/good.gpx", "Waypoints/bad.gpx"], 65),
        (["Waypoints/bad.gpx", "Waypoints/nope.gpx"], 66),
    ])
    func exitStatusIsTheWorstFile(files: [String], status: Int) throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        #expect(fixture.run(["validate"] + files).status.rawValue == Int32(status))
        #expect(fixture.run(["validate", "--format", "json"] + files).status.rawValue == Int32(status))
    }

    @Test func validateHelp() {
        let outcome = runLocSim(["validate", "--help"], commands: LocSim.commands)
        #expect(outcome.status == .success)
        #expect(
            outcome.stdout == """
                OVERVIEW: Check GPX files and summarise them.

                Prints every problem it finds, compiler style (file:line:column: error:
                message), and exits 65 when a file is invalid, 66 when one is missing. What a
                replay repairs is a warning, once per kind (file:line:column: warning: message);
                --strict makes warnings errors. --format json prints one object per file and
                line.

                USAGE: locsim validate <gpx> ... [--format <format>] [--max-gap <s>] [--strict]

                ARGUMENTS:
                  <gpx>                   The GPX files to check.

                OPTIONS:
                  --format <format>       Output format. (values: text, json; default: text)
                  --max-gap <s>           Warn about gaps between timed points longer than s
                                          seconds. (default: 600)
                  --strict                Treat warnings as errors.
                  -h, --help              Show help information.


                """)
    }
}
