import Foundation
import LocSimBench
import LocSimGPX
import Testing

@Suite struct GPXBenchmarkTests {
    @Test func generatedTrackIsValidTimedAndDeterministic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("track.gpx").path
        let bytes = try GPXBenchmark.writeTrack(to: path, points: 1_000)
        let first = try #require(readBytes(path))
        #expect(first.count == bytes)
        #expect(try GPXBenchmark.writeTrack(to: path, points: 1_000) == bytes)
        #expect(readBytes(path) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["track.gpx"])

        var times: [Double] = []
        let summary = try GPXReader().read(fileAt: path) { times.append($0.time ?? -1) }
        #expect(summary.trackPoints == 1_000)
        #expect(times.first == 1_715_691_600)
        #expect(times.last == 1_715_692_599.0)

        let clock = ContinuousClock()
        let reader = try GPXBenchmark.measureReader(fileAt: path, clock: clock)
        let bare = try GPXBenchmark.measureBareSAXLoop(fileAt: path, points: reader.points, clock: clock)
        #expect(reader.points == 1_000)
        #expect(reader.bytes == bytes && bare.bytes == bytes)
        #expect(bare.points == 1_000)
    }

    @Test func unwritablePathIsAFailure() {
        #expect(throws: GPXBenchmark.Failure.self) {
            try GPXBenchmark.writeTrack(to: "/nonexistent-locsim-dir/track.gpx", points: 1)
        }
    }

    @Test func readerFailureIsReported() {
        #expect(throws: GPXBenchmark.Failure.self) {
            try GPXBenchmark.measureReader(fileAt: "/nonexistent-locsim-dir/track.gpx", clock: ContinuousClock())
        }
    }
}

private func readBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}
