import Foundation
import LocSimCLI
import Testing

/// `--loop` with `--loop-mode return` exports what the replay plays: the drive back included
/// (the export's playback and the pipeline's share one ``LapSequence``).
@Suite struct ExportLoopModeTests {
    @Test func returnModeExportsTheDriveBack() throws {
        let restart = try waypoints(mode: "restart")
        let back = try waypoints(mode: "return")
        // The drive back from Morgan City to Franklin adds fixes between the laps.
        #expect(back > restart)
    }

    /// The number of waypoints of a two-lap Xcode GPX export of the Franklin drive.
    private func waypoints(mode: String) throws -> Int {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/track.gpx"
        let run = ExportRun.run([
            "export", "Waypoints/franklin-la.gpx", "--to", "xcode-gpx", "--loop", "2", "--loop-mode", mode,
            "-o", output,
        ])
        #expect(run.status == .success, "\(run.stderr)")
        let gpx = try String(contentsOfFile: output, encoding: .utf8)
        return gpx.components(separatedBy: "<wpt ").count - 1
    }
}
