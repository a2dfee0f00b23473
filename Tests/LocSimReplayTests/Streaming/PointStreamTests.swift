import Foundation
import LocSimGPX
import LocSimLocationCore
import LocSimSimulation
import Testing

@testable import LocSimReplay

@Suite struct PointStreamTests {
    /// What a stream hands over: the points in order (latitudes), the batch sizes, the outcome.
    static func drain(
        _ path: String, forced: GPXPointKind? = nil, batchSize: Int
    ) -> (latitudes: [Double], batches: [Int], result: Result<GPXSummary, any Error>, selector: SourceSelector) {
        var stream = PointStream(
            file: GPXFile(path: path), reader: GPXReader(), selector: SourceSelector(forced: forced),
            batchSize: batchSize,
            capacity: 2
        )
        var latitudes: [Double] = []
        var batches: [Int] = []
        while let batch = stream.next() {
            batches.append(batch.count)
            latitudes += batch.map(\.coordinate.latitude)
        }
        let outcome = stream.outcome()
        return (latitudes, batches, outcome.result, outcome.selector)
    }

    /// The same file read directly, through the same selection, on this thread.
    static func direct(_ path: String, forced: GPXPointKind? = nil) throws -> [Double] {
        var selector = SourceSelector(forced: forced)
        var latitudes: [Double] = []
        _ = try GPXReader().read(fileAt: path) { point in
            if let selected = selector.accept(point) { latitudes.append(selected.coordinate.latitude) }
        }
        return latitudes
    }

    @Test(arguments: [1, 7, 1024])
    func handsOverExactlyWhatTheReaderAndSelectorProduceInOrder(batchSize: Int) throws {
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let points = GPXFixture.meridian(count: 2_500, spacing: 10)
        let waypoint = GPXFixture.element("wpt", .init(10, 10))
        let body =
            waypoint + "<trk><trkseg>\n" + points.map { GPXFixture.element("trkpt", $0) }.joined(separator: "\n")
            + "\n</trkseg></trk>"
        let path = try fixture.write(GPXFixture.document(body))

        let streamed = Self.drain(path, batchSize: batchSize)
        #expect(streamed.latitudes == (try Self.direct(path)))
        #expect(streamed.latitudes.count == 2_500)
        #expect(streamed.batches.dropLast().allSatisfy { $0 == batchSize })
        #expect(streamed.batches.reduce(0, +) == 2_500)
        let summary = try streamed.result.get()
        #expect(summary.trackPoints == 2_500 && summary.waypoints == 1)
        var selector = streamed.selector
        #expect(selector.finish().kind == .trackPoint)
    }

    @Test func heldWaypointsComeBackWithTheSelector() throws {
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let body = [GPXFixture.Point(1, 1), GPXFixture.Point(2, 2)].map { GPXFixture.element("wpt", $0) }
        let path = try fixture.write(GPXFixture.document(body.joined(separator: "\n")))

        let streamed = Self.drain(path, batchSize: 4)
        #expect(streamed.latitudes.isEmpty)
        var selector = streamed.selector
        let held = selector.finish()
        #expect(held.kind == .waypoint)
        #expect(held.points.map(\.coordinate.latitude) == [1, 2])
    }

    /// A bad point midway: every point before it is handed over, then the reader's error.
    @Test func anErrorComesAfterThePointsBeforeIt() throws {
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let good = GPXFixture.meridian(count: 30, spacing: 10).map { GPXFixture.element("trkpt", $0) }
        let bad = "<trkpt lat=\"1\" lon=\"181\"></trkpt>"
        let path = try fixture.write(
            GPXFixture.document("<trk><trkseg>\n" + (good + [bad] + good).joined(separator: "\n") + "\n</trkseg></trk>")
        )

        let streamed = Self.drain(path, batchSize: 8)
        #expect(streamed.latitudes.count == 30)
        #expect(throws: GPXError.self) { try streamed.result.get() }
        guard case .failure(let error as GPXError) = streamed.result else { return }
        #expect(error.code == .outOfRange)
        // Line 1 the XML declaration, 2 `<gpx>`, 3 `<trk><trkseg>`, 4–33 the good points.
        #expect(error.description.contains("track.gpx:34:1: error:"))
    }

    @Test func aMissingFileEndsAtOnceWithFileNotFound() {
        let streamed = Self.drain("/nonexistent/locsim/track.gpx", batchSize: 8)
        #expect(streamed.batches.isEmpty)
        guard case .failure(let error as GPXError) = streamed.result else {
            Issue.record("expected a GPXError, got \(streamed.result)")
            return
        }
        #expect(error.code == .fileNotFound)
    }
}
