import LocSimExport
import LocSimLocationCore
import LocSimSimulation
import LocSimSupport
import Testing

@Suite struct ExportTrackTests {
    static let start = Coordinate(latitude: 29.8, longitude: -91.5)

    static func input(_ fixes: [RawFix], transcript: [TranscriptLine] = []) -> ExportInput {
        ExportInput(name: "t", source: "t.gpx", rawFixes: fixes, transcript: transcript, filterRadius: 3000)
    }

    static func north(_ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: start, azimuth: 0, distance: metres).coordinate
    }

    @Test func rawFixesAtTheDefaultStepPassUnchanged() throws {
        let fixes = (0..<5).map { RawFix(t: Double($0), coordinate: Self.north(Double($0) * 30)) }
        let points = try ExportTrack.points(Self.input(fixes), options: ExportOptions())
        #expect(points.map(\.t) == [0, 1, 2, 3, 4])
        #expect(points.map(\.coordinate) == fixes.map(\.coordinate))
    }

    @Test func longStepsAreSplitEvenlyAlongTheGeodesic() throws {
        let fixes = [RawFix(t: 0, coordinate: Self.start), RawFix(t: 10, coordinate: Self.north(250))]
        let points = try ExportTrack.points(Self.input(fixes), options: ExportOptions(maxStep: .default))
        #expect(points.map(\.t) == [0, 3.333, 6.667, 10])
        let steps = zip(points, points.dropFirst()).map {
            Geodesic.wgs84.distance(from: $0.coordinate, to: $1.coordinate)
        }
        #expect(steps.allSatisfy { abs($0 - 250.0 / 3) < 0.001 })
        let bySeconds = try ExportTrack.points(
            Self.input(fixes), options: ExportOptions(maxStep: MaxStep(metres: nil, seconds: 2)))
        #expect(bySeconds.map(\.t) == [0, 2, 4, 6, 8, 10])
    }

    @Test func instantsAreRoundedToMillisecondsAndStrictlyIncreasing() throws {
        let fixes = [
            RawFix(t: 0, coordinate: Self.start), RawFix(t: 1.0004, coordinate: Self.north(1)),
            RawFix(t: 1.0001, coordinate: Self.north(2)), RawFix(t: 2, coordinate: Self.north(3)),
        ]
        let points = try ExportTrack.points(Self.input(fixes), options: ExportOptions())
        #expect(points.map(\.t) == [0, 1, 2])
        #expect(points[1].coordinate == Self.north(2), "of two fixes at one instant, the later is kept")
    }

    @Test func deliveredFixesComeFromTheTranscript() throws {
        let line = TranscriptLine(
            t: 4,
            notification: BusNotification(
                name: .location,
                userInfo: ["latitude": "29.800000", "longitude": "-91.500000", "horizontalAccuracy": "65"]))
        let input = Self.input([RawFix(t: 0, coordinate: Self.start)], transcript: [line])
        let points = try ExportTrack.points(input, options: ExportOptions(fixes: .delivered))
        #expect(points == [ExportPoint(t: 4, coordinate: Coordinate(latitude: 29.8, longitude: -91.5))])
        #expect(input.deliveredFixes.first?.horizontalAccuracy == 65)
    }

    @Test func noFixesIsADataError() {
        #expect(throws: ExportError(.data, "the replay delivered no fixes; try '--fixes raw'")) {
            try ExportTrack.points(
                Self.input([RawFix(t: 0, coordinate: Self.start)]), options: ExportOptions(fixes: .delivered))
        }
    }

    @Test func theEpochIsTheTracksClockOrTheYear2000() {
        #expect(Self.input([RawFix(t: 0, coordinate: Self.start)]).epoch == ExportInput.untimedEpoch)
        let timed = RawFix(t: 5, coordinate: Self.start, sourceTime: 1_700_000_005)
        #expect(Self.input([timed]).epoch == 1_700_000_000)
    }
}
