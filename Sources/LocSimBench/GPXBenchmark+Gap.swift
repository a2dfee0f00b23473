import Foundation
import LocSimSupport

extension GPXBenchmark {
    /// Writes a short timed track for the gap benchmark: `points` points 10 m and one second
    /// apart, and, with `gap`, that many extra seconds between the middle two (a logger left off
    /// for a year). Replay cost must not depend on the gap (docs/contract.md, Playback).
    ///
    /// - Returns: the file size in bytes.
    package static func writeGapTrack(to path: String, points: Int = 1_000, gap: Double) throws(Failure) -> Int {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<gpx version=\"1.1\" creator=\"locsim bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        text += "<trk><trkseg>\n"
        let start = 1_704_067_200.0  // 2024-01-01T00:00:00Z
        for index in 0..<points {
            let time = start + Double(index) + (index >= points / 2 ? gap : 0)
            let latitude = 30 + Double(index) * 0.00009
            text += "<trkpt lat=\"\(String(format: "%.6f", latitude))\" lon=\"-91.000000\">"
            text += "<time>\(ISO8601Timestamp.format(epochSeconds: time) ?? "")</time></trkpt>\n"
        }
        text += "</trkseg></trk>\n</gpx>\n"
        do {
            try AtomicFileWriter().write(text, to: path)
        } catch {
            throw Failure(message: "\(path): \(error.reason)")
        }
        return text.utf8.count
    }
}
