import Foundation
import LocSimCLI
import Testing

/// Golden transcripts of every track in `Waypoints/`, replayed by the real command with the
/// embedded defaults and no providers (the provider side has its own goldens in `Recordings/`):
/// engine, playback, accuracy model and gazetteer, byte for byte. Re-bless with
/// `LOCSIM_WRITE_GOLDENS=1 swift test --filter WaypointsGoldenTests` (never under `CI`).
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
        let environment = ProcessInfo.processInfo.environment
        if environment["LOCSIM_WRITE_GOLDENS"] == "1", (environment["CI"] ?? "").isEmpty {
            try Data(stdout.text.utf8).write(to: golden, options: .atomic)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(stdout.text == expected, "re-bless: LOCSIM_WRITE_GOLDENS=1 swift test --filter WaypointsGoldenTests")
    }
}
