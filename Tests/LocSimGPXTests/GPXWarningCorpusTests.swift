import LocSimLocationCore
import LocSimSupport
import Testing

@testable import LocSimGPX

/// The corpus of messy files as devices and tools write them (`Corpus/warnings`, written for
/// this project from descriptions of real files): each is accepted with its warnings, repaired as
/// documented, and refused with `strict`.
@Suite struct GPXWarningCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        /// `line:column message` of each warning.
        var warnings: [String]
        /// Points a read delivers (`nil`: the read throws, as for a file with nothing to replay).
        var delivered: Int?
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "route-times-out-of-order.gpx", warnings: [], delivered: 5),
        Case(
            file: "time-steps-back.gpx",
            warnings: ["6:41 3 points stepped back in time (largest 44713 d 3 h 14 min 8 s at 8:41); dropped"],
            delivered: 5),
        Case(
            file: "midnight-rollover.gpx",
            warnings: ["5:41 2 points stepped back in time (largest 23 h 59 min 59 s at 5:41); dropped"], delivered: 1),
        Case(
            file: "time-out-of-order.gpx", warnings: ["7:20 1 point stepped back in time (by 5 s); dropped"],
            delivered: 1),
        Case(
            file: "unpadded-times.gpx",
            warnings: [
                "3:42 2 <time> values have unpadded fields (first '2020-4-21T16:22:47Z' at 3:42); read as if zero-padded"
            ], delivered: 3),
        Case(
            file: "extension-values.gpx",
            warnings: [
                "6:38 2 extension values are not numbers (first <hr> 'fast' at 6:38); ignored, replay does not use them"
            ], delivered: 2),
        Case(
            file: "latitude-pause-markers.gpx",
            warnings: [
                "5:5 2 points with a latitude out of range (first 100 at 5:5); skipped, replay breaks the track there"
            ], delivered: 3),
        Case(
            file: "longitude-past-180.gpx",
            warnings: ["5:5 1 point with a longitude out of range (first 180.87702 at 5:5); wrapped into [-180, 180)"],
            delivered: 3),
        Case(
            file: "six-points-six-years.gpx",
            warnings: [
                "6:36 2 gaps between timed points longer than --max-gap 10 min (largest 1694 d 9 h 40 min at 8:36); "
                    + "replay pauses there: no interpolation, the clock jumps"
            ], delivered: 6),
        Case(
            file: "waypoints-dated-1234-4096.gpx",
            warnings: [
                "4:31 1 gap between timed points longer than --max-gap 10 min (1045689 d); "
                    + "replay pauses there: no interpolation, the clock jumps"
            ], delivered: 2),
        Case(
            file: "placeholder-times.gpx",
            warnings: ["5:41 19 points repeat the time of the point before them; replayed as untimed, at --speed"],
            delivered: 20),
    ]

    @Test(arguments: cases)
    func acceptedWithItsWarningsAndRepairs(expected: Case) throws {
        let path = Corpus.path("warnings/" + expected.file)
        let validation = GPXValidator().validate(fileAt: path)
        #expect(validation.diagnostics == [])
        #expect(validation.isValid)
        #expect(validation.warnings.map { "\($0.line):\($0.column) \($0.message)" } == expected.warnings)
        #expect(validation.warnings.allSatisfy { $0.severity == .warning })
        #expect(
            validation.warnings.allSatisfy { $0.description.hasPrefix("\(path):\($0.line):\($0.column): warning: ") })

        var delivered = 0
        let summary = try? GPXReader().read(fileAt: path) { _ in delivered += 1 }
        if let count = expected.delivered {
            let summary = try #require(summary)
            #expect(delivered == count)
            #expect(summary.warnings == validation.warnings)
        } else {
            #expect(summary == nil)
        }
    }

    /// issue 24 item 12: a file with nothing to replay (no points, or every point skipped) is an
    /// error for `validate` and for a read alike, with the same message.
    @Test(
        arguments: [
            ("empty-trkseg.gpx", "2:1 nothing to replay: the file has no <wpt>, <rtept> or <trkpt>"),
            ("metadata-only.gpx", "2:1 nothing to replay: the file has no <wpt>, <rtept> or <trkpt>"),
            ("no-points.gpx", "2:1 nothing to replay: the file has no <wpt>, <rtept> or <trkpt>"),
            (
                "lat-out-of-range.gpx",
                "2:1 nothing to replay: every <rtept> of the file was skipped (1 point with a latitude out of range "
                    + "(first 90.000001 at 4:5); skipped, replay breaks the track there)"
            ),
        ])
    func nothingToReplayIsAnErrorForValidateAndReadAlike(file: String, error: String) throws {
        let path = Corpus.path("warnings/" + file)
        let validation = GPXValidator().validate(fileAt: path)
        #expect(!validation.isValid)
        #expect(validation.diagnostics.map { "\($0.line):\($0.column) \($0.message)" } == [error])
        #expect(validation.diagnostics.map(\.code) == [.noPoints])
        do {
            _ = try GPXReader().read(fileAt: path) { _ in }
            Issue.record("read \(file) without an error")
        } catch let failure as GPXError {
            #expect("\(failure.diagnostic.line):\(failure.diagnostic.column) \(failure.diagnostic.message)" == error)
        }
    }

    @Test func aLongitudeJustPast180IsWrappedIntoRange() throws {
        var longitudes: [Double] = []
        _ = try GPXReader().read(fileAt: Corpus.path("warnings/longitude-past-180.gpx")) {
            longitudes.append($0.coordinate.longitude)
        }
        #expect(longitudes.count == 3)
        #expect(abs(longitudes[1] - (180.87702 - 360)) < 1e-9)
        #expect(GPXParseSession.wrapLongitude(-180.5) == 179.5)
        #expect(GPXParseSession.wrapLongitude(180) == -180)
        #expect(GPXParseSession.wrapLongitude(539) == 179)
    }

    @Test(arguments: cases.filter { !$0.warnings.isEmpty })
    func strictMakesEveryWarningAnError(expected: Case) throws {
        let path = Corpus.path("warnings/" + expected.file)
        let validation = GPXValidator(options: GPXReaderOptions(strict: true)).validate(fileAt: path)
        #expect(!validation.isValid)
        #expect(validation.warnings == [])
        #expect(validation.diagnostics.allSatisfy { $0.severity == .error })
        #expect(throws: GPXError.self) {
            try GPXReader(options: GPXReaderOptions(strict: true)).read(fileAt: path) { _ in }
        }
    }

    @Test func aStrictReadStopsAtTheFirstStepBackWithTheStepAtFullPrecision() {
        let path = Corpus.path("warnings/time-steps-back.gpx")
        #expect(throws: GPXError.self) {
            try GPXReader(options: GPXReaderOptions(strict: true)).read(fileAt: path) { _ in }
        }
        do {
            _ = try GPXReader(options: GPXReaderOptions(strict: true)).read(fileAt: path) { _ in }
        } catch let error as GPXError {
            #expect(error.code == .timeOutOfOrder)
            #expect(
                error.diagnostic.message
                    == "<time> 2024-05-14T23:59:59Z is 0.25 s earlier than the previous point's 2024-05-14T23:59:59.25Z"
            )
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func droppedPointsAreTheOnesThatSteppedBack() throws {
        var times: [Double] = []
        _ = try GPXReader().read(fileAt: Corpus.path("warnings/time-steps-back.gpx")) { times.append($0.time!) }
        #expect(times == times.sorted())
        #expect(
            times.map { ISO8601Timestamp.format(epochSeconds: $0, fractionDigits: 2) } == [
                "2024-05-14T23:59:58.00Z", "2024-05-14T23:59:59.25Z", "2024-05-15T00:00:00.00Z",
                "2024-05-15T00:00:01.00Z",
                "2024-05-15T00:00:02.00Z",
            ])
    }

    @Test func unpaddedTimesReadAsPadded() throws {
        var times: [Double?] = []
        _ = try GPXReader().read(fileAt: Corpus.path("warnings/unpadded-times.gpx")) { times.append($0.time) }
        #expect(
            times == [
                ISO8601Time.parse("2020-04-21T16:22:47Z"), ISO8601Time.parse("2020-04-21T16:23:05Z"),
                ISO8601Time.parse("2020-04-21T16:23:15Z"),
            ])
        #expect(ISO8601Time.parse("2020-4-21T16:22:47Z") == nil)
    }

    @Test func extensionValuesAreReadLenientlyOrIgnored() throws {
        var points: [GPXPoint] = []
        _ = try GPXReader().read(fileAt: Corpus.path("warnings/extension-values.gpx")) { points.append($0) }
        #expect(points.map(\.cadence) == [15, 87])
        #expect(points.map(\.heartRate) == [nil, nil])
        #expect(points.map(\.temperature) == [nil, nil])
    }

    @Test func aSkippedLatitudeBreaksTheTrackAtTheNextPoint() throws {
        var points: [GPXPoint] = []
        _ = try GPXReader().read(fileAt: Corpus.path("warnings/latitude-pause-markers.gpx")) { points.append($0) }
        #expect(points.map(\.coordinate.latitude) == [35.00, 35.01, 35.02])
        #expect(points.map(\.followsSkippedPoint) == [false, true, true])
    }

    @Test func problemsInWaypointsAndRoutesNeverVetoATrack() throws {
        let path = Corpus.path("warnings/bad-waypoint-beside-track.gpx")
        #expect(!GPXValidator().validate(fileAt: path).isValid)
        var kinds: [GPXPointKind] = []
        _ = try GPXReader().read(fileAt: path) { kinds.append($0.kind) }
        #expect(kinds == [.trackPoint, .trackPoint])
        // Asked for the waypoints, the reader refuses the missing coordinate as before.
        #expect(throws: GPXError.self) {
            try GPXReader(options: GPXReaderOptions(source: .waypoint)).read(fileAt: path) { _ in }
        }
        #expect(throws: GPXError.self) {
            try GPXReader(options: GPXReaderOptions(source: .routePoint)).read(fileAt: path) { _ in }
        }
    }

    @Test func routeTimesAreNeverOrderChecked() throws {
        let path = Corpus.path("warnings/route-times-out-of-order.gpx")
        var routeTimes: [Double] = []
        _ = try GPXReader(options: GPXReaderOptions(source: .routePoint)).read(fileAt: path) { point in
            if point.kind == .routePoint, let time = point.time { routeTimes.append(time) }
        }
        #expect(routeTimes.count == 3)
        #expect(routeTimes != routeTimes.sorted())
    }

    static let durations: [(Double, String)] = [
        (0.25, "0.25 s"), (57_720, "16 h 2 min"), (86_400 * 365, "365 d"), (0.000001, "0.000001 s"), (0, "0 s"),
    ]

    @Test(arguments: durations)
    func durationsKeepTheirPrecision(seconds: Double, text: String) {
        #expect(GPXDuration.text(seconds) == text)
    }
}
