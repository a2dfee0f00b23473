import LocSimCanonicalJSON
import LocSimLocationCore
import Testing

@testable import LocSimGPX

@Suite struct GPXValidatorTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var code: GPXDiagnostic.Code
        var message: String
        var testDescription: String { file }
    }

    static let errors: [Expected] = [
        Expected(
            file: "invalid/missing-lat.gpx", line: 6, column: 7, code: .missingAttribute,
            message: "<trkpt> is missing attribute 'lat'"),
        Expected(
            file: "invalid/non-numeric-lon.gpx", line: 3, column: 3, code: .notANumber,
            message: "<wpt> attribute 'lon' is not a number: 'west'"),
        Expected(
            file: "invalid/lon-out-of-range.gpx", line: 1, column: 6, code: .outOfRange,
            message: "<wpt> attribute 'lon' is out of range: -181.5 is not between -180 and 180"),
        Expected(
            file: "invalid/lat-nan.gpx", line: 3, column: 2, code: .notANumber,
            message: "<wpt> attribute 'lat' is not a number: 'NaN'"),
        Expected(
            file: "invalid/bad-time.gpx", line: 5, column: 7, code: .invalidTime,
            message: "<time> is not an xsd:dateTime: '2024-02-30T10:00:00Z'"),
        Expected(
            file: "invalid/bad-ele.gpx", line: 2, column: 24, code: .notANumber,
            message: "<ele> is not a number: 'high'"),
        Expected(
            file: "invalid/bad-sat.gpx", line: 1, column: 27, code: .notANumber,
            message: "<sat> is not a non-negative integer: '-3'"),
        Expected(
            file: "invalid/root-not-gpx.gpx", line: 2, column: 1, code: .notGPX,
            message: "root element is <kml>, expected <gpx>"),
        Expected(
            file: "invalid/wrong-namespace.gpx", line: 2, column: 1, code: .notGPX,
            message:
                "root element <gpx> is in namespace 'http://www.topografix.com/GPX/2/0', expected GPX 1.0 or 1.1 (http://www.topografix.com/GPX/1/1)"
        ),
        Expected(file: "invalid/empty.gpx", line: 0, column: 0, code: .emptyFile, message: "file is empty"),
        Expected(
            file: "invalid/mismatched-tag.gpx", line: 6, column: 14, code: .malformedXML,
            message: "malformed XML: opening and ending tag mismatch: trkpt line 5 and trkseg"),
        Expected(
            file: "invalid/truncated.gpx", line: 3, column: 24, code: .malformedXML,
            message: "malformed XML: unexpected end of file: <wpt> is not closed"),
        Expected(
            file: "invalid/not-xml.gpx", line: 1, column: 1, code: .malformedXML,
            message: "malformed XML: start tag expected, '<' not found"),
        Expected(
            file: "invalid/unbound-prefix.gpx", line: 3, column: 34, code: .malformedXML,
            message: "malformed XML: namespace prefix ns3 on speed is not defined"),
        Expected(
            file: "invalid/undefined-entity.gpx", line: 2, column: 39, code: .malformedXML,
            message: "malformed XML: entity 'nbsp' not defined"),
    ]

    /// libxml2 reports an unbound prefix once per element that uses it and goes on; the
    /// validator stops at the first (a real file printed 1,000 copies of seven messages).
    @Test func malformedXMLStopsAtTheFirstErrorWhateverItsLevel() {
        let points = (0..<50).map { index in
            #"<trkpt lat="1.\#(index)" lon="2"><extensions><ns3:speed>1</ns3:speed></extensions></trkpt>"#
        }.joined()
        let text =
            #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points + "</trkseg></trk></gpx>"
        let validation = GPXValidator().validate(bytes: Array(text.utf8), path: "x.gpx")
        #expect(validation.diagnostics.map(\.code) == [.malformedXML])
    }

    @Test(arguments: errors)
    func reportsEachErrorAtItsPlace(expected: Expected) throws {
        let path = Corpus.path(expected.file)
        let validation = GPXValidator().validate(fileAt: path)
        #expect(!validation.isValid)
        let diagnostic = try #require(validation.diagnostics.first)
        #expect(validation.diagnostics.count == 1)
        #expect(diagnostic.line == expected.line)
        #expect(diagnostic.column == expected.column)
        #expect(diagnostic.code == expected.code)
        #expect(diagnostic.message == expected.message)
        let place = expected.line > 0 ? ":\(expected.line):\(expected.column)" : ""
        #expect(diagnostic.description == "\(path)\(place): error: \(expected.message)")
        // The streaming reader stops at the same first problem.
        #expect(throws: GPXError(diagnostic)) { try GPXReader().read(fileAt: path) { _ in } }
    }

    @Test(arguments: Corpus.files(in: "valid"))
    func acceptsEveryValidFile(file: String) {
        let validation = GPXValidator().validate(fileAt: Corpus.path(file))
        #expect(validation.diagnostics == [])
        #expect(validation.isValid)
    }

    @Test func collectsEveryDataError() {
        let validation = GPXValidator().validate(fileAt: Corpus.path("invalid/many-problems.gpx"))
        let found = validation.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(
            found == [
                "4:3 <wpt> is missing attribute 'lon'",
                "7:28 <time> is not an xsd:dateTime: 'yesterday'",
                "9:5 <trkpt> attribute 'lat' is not a number: 'x'",
                "9:5 <trkpt> attribute 'lon' is not a number: 'y'",
            ])
        #expect(
            validation.warnings.map { "\($0.line):\($0.column) \($0.message)" } == [
                "3:3 1 point with a latitude out of range (first 100 at 3:3); skipped, replay breaks the track there",
                "8:28 1 point stepped back in time (by 10 s); dropped",
            ])
        #expect(validation.summary.waypoints == 2)
        #expect(validation.summary.trackPoints == 4)
    }

    @Test func stopsAfterTheDiagnosticLimit() {
        let points = String(repeating: "<wpt lat=\"x\" lon=\"0\"/>", count: 50)
        let validation = GPXValidator(options: GPXReaderOptions(maxDiagnostics: 10))
            .validate(bytes: Array("<gpx>\(points)</gpx>".utf8), path: "many.gpx")
        #expect(validation.diagnostics.count == 11)
        #expect(validation.diagnostics.last?.code == .tooManyErrors)
        #expect(validation.diagnostics.last?.message == "too many errors (10); stopping")
    }

    @Test func malformedXMLEndsValidationAfterEarlierDataErrors() {
        let text = "<gpx>\n<wpt lat=\"1\"/>\n<wpt lat=\"1\" lon=\"1\"></trkpt>\n<wpt lat=\"x\" lon=\"1\"/></gpx>"
        let validation = GPXValidator().validate(bytes: Array(text.utf8), path: "m.gpx")
        #expect(validation.diagnostics.map(\.code) == [.missingAttribute, .malformedXML])
    }

    @Test func missingFileIsReported() {
        let validation = GPXValidator().validate(fileAt: "Waypoints/nope.gpx")
        #expect(validation.isMissingFile)
        #expect(validation.diagnostics.map(\.description) == ["Waypoints/nope.gpx: error: no such file or directory"])
    }

    @Test func jsonFollowsTheContract() {
        let good = GPXValidator().validate(fileAt: Corpus.path("valid/multiple-tracks.gpx"))
        var expected =
            #"{"errors":[],"file":"\#(Corpus.path("valid/multiple-tracks.gpx"))","routePoints":0,"routes":0,"#
        expected += #""segments":5,"trackPoints":5,"tracks":2,"valid":true,"warnings":[],"waypoints":0}"#
        #expect(good.json.compact() == expected)
        let bad = GPXValidation(
            file: "Waypoints/x.gpx", summary: GPXSummary(),
            diagnostics: [
                GPXDiagnostic(
                    file: "Waypoints/x.gpx", line: 12, column: 5, code: .missingAttribute,
                    message: "<trkpt> is missing attribute 'lat'")
            ],
            warnings: [
                GPXDiagnostic(
                    file: "Waypoints/x.gpx", line: 13, column: 20, code: .unpaddedTime,
                    message: "1 <time> value has unpadded fields", severity: .warning)
            ])
        #expect(
            bad.json.compact()
                == #"{"errors":[{"column":5,"line":12,"message":"<trkpt> is missing attribute 'lat'"}],"file":"Waypoints/x.gpx","routePoints":0,"routes":0,"segments":0,"trackPoints":0,"tracks":0,"valid":false,"warnings":[{"column":20,"line":13,"message":"1 <time> value has unpadded fields"}],"waypoints":0}"#
        )
    }

    /// Every input the fuzzer ever crashed on stays fixed: no crash, and reader and validator agree.
    @Test(arguments: Corpus.files(in: "fuzz"))
    func fuzzerFindsStayFixed(file: String) throws {
        let bytes = try #require(readBytes(Corpus.path(file)))
        let validation = GPXValidator().validate(bytes: bytes, path: file)
        let summary = try? GPXReader().read(bytes: bytes, path: file) { _ in }
        #expect((summary != nil) == validation.isValid)
        #expect(!validation.isValid)
    }

    @Test func encodingConversionFailureIsAnErrorNotATruncatedSuccess() throws {
        let bytes = try #require(readBytes(Corpus.path("fuzz/utf7-silent-truncation.gpx")))
        let validation = GPXValidator().validate(bytes: bytes, path: "u.gpx")
        #expect(validation.diagnostics.map(\.code) == [.malformedXML])
    }
}

@Suite struct ShippedWaypointsTests {
    static let directory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Waypoints"
    }()

    @Test(arguments: ["buffalo-ny", "franklin-la", "tempe-az", "portland-or", "osaka", "houston-new-orleans-i10"])
    func everyShippedFileIsValid(name: String) {
        let validation = GPXValidator().validate(fileAt: Self.directory + "/\(name).gpx")
        #expect(validation.diagnostics == [])
        #expect(validation.summary.pointCount > 0)
    }

    @Test func buffaloIsXcodesSingleWaypoint() throws {
        var points: [GPXPoint] = []
        _ = try GPXReader().read(fileAt: Self.directory + "/buffalo-ny.gpx") { points.append($0) }
        #expect(points.map(\.name) == ["Buffalo, NY"])
        #expect(points.first?.coordinate.latitude == 42.904722)
        #expect(points.first?.coordinate.longitude == -78.849444)
    }

    @Test func theI10DriveIsARealLengthTimedTrack() throws {
        var count = 0
        var largestGap = 0.0
        var previous: Double?
        let summary = try GPXReader().read(fileAt: Self.directory + "/houston-new-orleans-i10.gpx") { point in
            count += 1
            if let previous, let time = point.time { largestGap = max(largestGap, time - previous) }
            previous = point.time
        }
        #expect(count > 3_000)
        #expect(largestGap <= 5)
        #expect((summary.duration ?? 0) > 4.5 * 3600)
    }
}
