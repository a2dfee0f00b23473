import LocSimLocationCore
import Testing

@testable import LocSimGPX

@Suite struct GPXReaderTests {
    struct Dialect: Sendable, CustomTestStringConvertible {
        var file: String
        var tracks = 0, segments = 0, trackPoints = 0, routes = 0, routePoints = 0, waypoints = 0
        var testDescription: String { file }
    }

    static let dialects: [Dialect] = [
        Dialect(file: "valid/gpx11-track.gpx", tracks: 1, segments: 2, trackPoints: 3),
        Dialect(file: "valid/gpx10-speed-course.gpx", tracks: 1, segments: 1, trackPoints: 2),
        Dialect(file: "valid/xcode-template.gpx", waypoints: 2),
        Dialect(file: "valid/garmin-v1.gpx", tracks: 1, segments: 1, trackPoints: 1),
        Dialect(file: "valid/garmin-v2.gpx", tracks: 1, segments: 1, trackPoints: 2),
        Dialect(file: "valid/route.gpx", routes: 2, routePoints: 3),
        Dialect(file: "valid/waypoints-only.gpx", waypoints: 3),
        Dialect(file: "valid/multiple-tracks.gpx", tracks: 2, segments: 5, trackPoints: 5),
        Dialect(file: "valid/iso-8859-1.gpx", waypoints: 2),
        Dialect(file: "valid/utf8-bom.gpx", waypoints: 1),
        Dialect(file: "valid/crlf.gpx", tracks: 1, segments: 1, trackPoints: 1),
        Dialect(file: "valid/timezones.gpx", tracks: 1, segments: 1, trackPoints: 7),
        Dialect(file: "valid/cdata-entities-single-line.gpx", waypoints: 2),
    ]

    @Test(arguments: dialects)
    func readsEveryDialect(dialect: Dialect) throws {
        var points: [GPXPoint] = []
        let summary = try GPXReader().read(fileAt: Corpus.path(dialect.file)) { points.append($0) }
        #expect(summary.tracks == dialect.tracks)
        #expect(summary.segments == dialect.segments)
        #expect(summary.trackPoints == dialect.trackPoints)
        #expect(summary.routes == dialect.routes)
        #expect(summary.routePoints == dialect.routePoints)
        #expect(summary.waypoints == dialect.waypoints)
        #expect(points.count == summary.pointCount)
        #expect(points.allSatisfy { $0.coordinate.isValid && $0.line > 0 && $0.column > 0 })
    }

    @Test func readsEveryGPX11Field() throws {
        let points = try read("valid/gpx11-track.gpx")
        #expect(
            points[0]
                == GPXPoint(
                    kind: .trackPoint, coordinate: Coordinate(latitude: 29.7965, longitude: -91.5015), elevation: 4.5,
                    time: 1_715_691_600, name: "Start", hdop: 0.9, vdop: 1.4, pdop: 1.7, satellites: 9, fix: "3d",
                    line: 12, column: 7))
        #expect(points.map(\.segmentIndex) == [0, 0, 1])
        #expect(points[2].time == 1_715_691_610)
        #expect(points[2].name == nil)
    }

    @Test func readsGPX10SpeedAndCourse() throws {
        let points = try read("valid/gpx10-speed-course.gpx")
        #expect(points.map(\.speed) == [13.4, 13.9])
        #expect(points.map(\.course) == [92.5, 90])
        #expect(points.map(\.time) == [1_275_386_400, 1_275_386_401.5])
        #expect(points.map(\.column) == [1, 1])
    }

    @Test func readsXcodeTemplateWithoutNamespace() throws {
        let points = try read("valid/xcode-template.gpx")
        #expect(points.map(\.name) == ["Cupertino", "Cupertino 2"])
        #expect(points[0].coordinate == Coordinate(latitude: 37.331705, longitude: -122.030237))
        #expect(points[0].time == 1_411_570_537)
        #expect(points.map(\.kind) == [.waypoint, .waypoint])
    }

    @Test func matchesGarminExtensionsByNamespaceNotPrefix() throws {
        let v1 = try read("valid/garmin-v1.gpx")
        #expect(v1[0].heartRate == 128)  // not gpxx:hr 999, another namespace
        #expect(v1[0].cadence == 85)
        #expect(v1[0].temperature == 21)
        let v2 = try read("valid/garmin-v2.gpx")
        #expect(v2[0].heartRate == 140)
        #expect(v2[0].cadence == 0)
        #expect(v2[0].speed == 4.2)
        #expect(v2[0].course == 271.5)
        #expect(v2[0].waterTemperature == 12.5)
        #expect(v2[1].heartRate == 141)  // default namespace, no prefix; gpxtpx: bound elsewhere ignored
    }

    @Test func numbersRoutesAndTracksSeparately() throws {
        let route = try read("valid/route.gpx")
        #expect(route.map(\.trackIndex) == [0, 0, 1])
        #expect(route.map(\.kind) == [.routePoint, .routePoint, .routePoint])
        #expect(route[2].time == 1_704_067_200)
        let tracks = try read("valid/multiple-tracks.gpx")
        #expect(tracks.map(\.trackIndex) == [0, 0, 0, 1, 1])
        #expect(tracks.map(\.segmentIndex) == [0, 1, 1, 0, 2])
    }

    @Test func timeOrderRestartsWithEachTrack() throws {
        let summary = try GPXReader().read(fileAt: Corpus.path("valid/multiple-tracks.gpx")) { _ in }
        #expect(summary.earliestTime == 1_704_067_200)
        #expect(summary.latestTime == 1_704_067_230)
        #expect(summary.duration == 30)
    }

    @Test func readsTimezoneVariants() throws {
        let times = try read("valid/timezones.gpx").map(\.time)
        #expect(
            times == [
                1_715_691_600, 1_715_691_601, 1_715_691_602, 1_715_691_603, 1_715_691_604, 1_715_691_604.123456789,
                1_715_691_605.5,
            ])
    }

    @Test func decodesDeclaredEncodingsAndBOM() throws {
        #expect(try read("valid/iso-8859-1.gpx").map(\.name) == ["Café Hôtel de Ville", "é"])
        let bom = try read("valid/utf8-bom.gpx")
        #expect(bom.map(\.name) == ["大阪"])
        #expect(bom[0].line == 3 && bom[0].column == 3)
    }

    @Test func handlesCRLFAndMultiLineText() throws {
        let points = try read("valid/crlf.gpx")
        #expect(points[0].name == "Line\ntwo")
        #expect(points[0].line == 5 && points[0].column == 7)
    }

    @Test func readsCDATAEntitiesAndPositionsOnOneLongLine() throws {
        let points = try read("valid/cdata-entities-single-line.gpx")
        #expect(points.map(\.name) == ["Fish & <Chips>", "A & B é"])
        #expect(points[0].coordinate == Coordinate(latitude: 10.5, longitude: -20.25))
        #expect(points.map(\.line) == [1, 1])
        #expect(points.map(\.column) == [95, 175])
        #expect(points[1].elevation == nil)  // <ele></ele> is absent, not an error
    }

    @Test func textSplitAcrossChunksIsReassembled() throws {
        let bytes = Array(
            "<gpx><trk><trkseg><trkpt lat=\"1.25\" lon=\"2.5\"><time>2024-05-14T13:00:00.125Z</time><name>Chunked name</name></trkpt></trkseg></trk></gpx>"
                .utf8)
        for chunkSize in [16, 17, 23, 64] {
            var points: [GPXPoint] = []
            _ = try GPXReader(options: GPXReaderOptions(chunkSize: chunkSize)).read(bytes: bytes, path: "x.gpx") {
                points.append($0)
            }
            #expect(points.count == 1)
            #expect(points.first?.time == 1_715_691_600.125)
            #expect(points.first?.name == "Chunked name")
            #expect(points.first?.coordinate == Coordinate(latitude: 1.25, longitude: 2.5))
            #expect(points.first?.column == 19)
        }
    }

    @Test func deliversPointsWhileStreaming() throws {
        struct Enough: Error {}
        var seen = 0
        #expect(throws: Enough.self) {
            try GPXReader().read(fileAt: Corpus.path("valid/timezones.gpx")) { _ in
                seen += 1
                if seen == 2 { throw Enough() }
            }
        }
        #expect(seen == 2)
    }

    @Test func bytesAndFileReadTheSame() throws {
        let path = Corpus.path("valid/gpx11-track.gpx")
        let bytes = try #require(readBytes(path))
        var fromBytes: [GPXPoint] = []
        var fromFile: [GPXPoint] = []
        let a = try GPXReader().read(bytes: bytes, path: path) { fromBytes.append($0) }
        let b = try GPXReader().read(fileAt: path) { fromFile.append($0) }
        #expect(a == b)
        #expect(fromBytes == fromFile)
    }

    /// A field's error names its start tag's `<`, however the tag is spelled: `<ele>` takes a
    /// shortcut, every other spelling the general scan; both must agree.
    @Test(arguments: [
        ("<ele>x</ele>", 1, 27), ("<ele >x</ele>", 1, 27), ("<ele\n>x</ele>", 1, 27),
        ("<g:ele xmlns:g=\"http://www.topografix.com/GPX/1/1\">x</g:ele>", 1, 27),
        ("\n   <ele>x</ele>", 2, 4), ("<ele><!-- é -->x</ele>", 1, 27), ("<time>x</time>", 1, 27),
        ("<time  >x</time>", 1, 27), ("<name>é</name><ele>x</ele>", 1, 41),
    ])
    func fieldErrorsPointAtTheStartTag(field: String, line: Int, column: Int) {
        let document = "<gpx><wpt lat=\"1\" lon=\"2\">" + field + "</wpt></gpx>"
        do {
            _ = try GPXReader().read(bytes: Array(document.utf8), path: "f.gpx") { _ in }
            Issue.record("expected an error")
        } catch let error as GPXError {
            #expect((error.diagnostic.line, error.diagnostic.column) == (line, column), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// A start tag spanning lines with nothing but its own line before it: placed exactly when the
    /// buffer holds the document as read (a UTF-8 byte-order mark is not a column), and at the
    /// cursor — the documented fallback — when an encoding converter restarted the buffer.
    @Test(arguments: [
        ("", 1, 48), ("\u{FEFF}", 1, 48),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", 2, 18),
    ])
    func aTagSpanningLinesAtTheDocumentStart(prefix: String, line: Int, column: Int) {
        let document = prefix + "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt\nlat=\"5\" lon=\"195\"/></gpx>"
        do {
            _ = try GPXReader().read(bytes: Array(document.utf8), path: "span.gpx") { _ in }
            Issue.record("expected an error")
        } catch let error as GPXError {
            #expect(error.code == .outOfRange)
            #expect((error.diagnostic.line, error.diagnostic.column) == (line, column), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func missingFileIsItsOwnError() {
        do {
            _ = try GPXReader().read(fileAt: "Waypoints/nope.gpx") { _ in }
            Issue.record("expected an error")
        } catch let error as GPXError {
            #expect(error.code == .fileNotFound)
            #expect(error.description == "Waypoints/nope.gpx: error: no such file or directory")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func directoryIsUnreadable() {
        do {
            _ = try GPXReader().read(fileAt: Corpus.path("valid")) { _ in }
            Issue.record("expected an error")
        } catch let error as GPXError {
            #expect(error.code == .unreadableFile)
            #expect(error.diagnostic.message == "is a directory")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    private func read(_ file: String) throws -> [GPXPoint] {
        var points: [GPXPoint] = []
        _ = try GPXReader().read(fileAt: Corpus.path(file)) { points.append($0) }
        return points
    }
}
