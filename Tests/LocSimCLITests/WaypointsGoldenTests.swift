import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// Golden transcripts of every track in `Waypoints/`, replayed by the real command with the
/// embedded defaults and no providers (the provider side has its own goldens in `Recordings/`):
/// engine, playback, accuracy model and gazetteer, byte for byte (``GoldenFile``).
@Suite struct WaypointsGoldenTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/Waypoints")

    static let tracks = ["buffalo-ny", "franklin-la", "houston-new-orleans-i10", "osaka", "portland-or", "tempe-az"]

    @Test func everyShippedTrackHasAGolden() throws {
        let shipped = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Waypoints").path
        ).filter { $0.hasSuffix(".gpx") }.map { String($0.dropLast(4)) }.sorted()
        #expect(shipped == Self.tracks)
    }

    @Test(arguments: tracks)
    func replayMatchesItsGolden(track: String) throws {
        let stdout = MemoryOutput()
        let stderr = MemoryOutput()
        let context = CommandContext(
            stdout: stdout, stderr: stderr, environment: [:], currentDirectory: Self.repository.path,
            clock: ManualWallClock())
        let status = LocSim.run(
            arguments: ["replay", "Waypoints/\(track).gpx", "--format", "jsonl", "--providers", "none"],
            context: context)
        #expect(status == .success, "\(stderr.text)")
        let golden = Self.goldens.appendingPathComponent("\(track).jsonl")
        if let problem = GoldenFile.problem(stdout.text, golden: golden, filter: "WaypointsGoldenTests") {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
