import Foundation
import LocSimCLI
import LocSimGPX
import Testing

/// Every command that plays a track opens its GPX file once: laps, the look-ahead over a long
/// untimed run, the raw fixes an export or a map needs, all come from the one drive over the one
/// descriptor (`GPXFile`).
@Suite struct OneOpenPerCommandTests {
    /// A timed point, 5,000 untimed ones (more than playback holds: the look-ahead reads ahead),
    /// then a timed one, 20 km further.
    static func longUntimedRun() -> String {
        var lines = [#"<gpx version="1.1" creator="test"><trk><trkseg>"#]
        lines.append(#"<trkpt lat="30.0" lon="-90.0"><time>2024-05-01T12:00:00Z</time></trkpt>"#)
        for index in 1...5000 {
            lines.append(#"<trkpt lat="\#(30.0 + Double(index) * 0.000036)" lon="-90.0"/>"#)
        }
        lines.append(#"<trkpt lat="30.1804" lon="-90.0"><time>2024-05-01T12:20:00Z</time></trkpt>"#)
        lines.append("</trkseg></trk></gpx>")
        return lines.joined(separator: "\n")
    }

    static let commands: [[String]] = [
        ["replay", "TRACK", "--format", "jsonl"],
        ["replay", "TRACK", "--loop", "3", "--providers", "none"],
        ["replay", "TRACK", "--map", "OUT/map.svg", "--providers", "none"],
        ["export", "TRACK", "--to", "xcode-gpx", "-o", "OUT/track.gpx", "--providers", "none"],
        ["export", "TRACK", "--to", "simctl", "-o", "OUT/track.simctl.sh", "--loop", "2", "--providers", "none"],
        ["plot", "TRACK", "-o", "OUT/plot.svg", "--providers", "none"],
    ]

    @Test(arguments: commands, ["franklin-la.gpx", "long-untimed-run.gpx"])
    func opensTheTrackOnce(command: [String], track: String) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + track
        if track == "franklin-la.gpx" {
            try FileManager.default.copyItem(
                atPath: ExportRun.repository.appendingPathComponent("Waypoints/franklin-la.gpx").path, toPath: path)
        } else {
            try Self.longUntimedRun().write(toFile: path, atomically: true, encoding: .utf8)
        }
        let arguments = command.map {
            $0 == "TRACK" ? path : $0.replacingOccurrences(of: "OUT/", with: directory + "/")
        }
        let run = ExportRun.run(arguments)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(GPXFile.openCount(of: path) == 1)
    }
}
