import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import Testing

/// An exported `xcode-gpx` is a GPX locsim accepts, and replaying it with `--no-noise` delivers
/// the same fixes (instant, coordinate, accuracy) as the track it came from.
@Suite struct XcodeGPXRoundTripTests {
    static let tracks = [
        "Waypoints/buffalo-ny.gpx", "Waypoints/franklin-la.gpx", "Waypoints/houston-new-orleans-i10.gpx",
        "Waypoints/osaka.gpx", "Waypoints/portland-or.gpx", "Waypoints/tempe-az.gpx",
        "Waypoints/Generated/buffalo-ny-southtowns.gpx", "Waypoints/Generated/erie-pa-lakeshore.gpx",
        "Waypoints/Generated/i10-lafayette-dense.gpx",
    ]

    /// The delivered fixes of a jsonl transcript: `t`, coordinate and accuracy as printed.
    static func deliveredFixes(_ transcript: String) throws -> [String] {
        try transcript.split(separator: "\n").compactMap { line in
            let json = try JSONValue.parse(String(line))
            guard json["event"]?.stringValue == "location" else { return nil }
            return ["t", "latitude", "longitude", "horizontalAccuracy"].map { json[$0]?.compact() ?? "-" }
                .joined(separator: " ")
        }
    }

    @Test(arguments: tracks, [["--distance-filter", "3000"], ["--distance-filter", "none", "--accuracy", "best"]])
    func replayingTheExportDeliversTheSameFixes(track: String, engine: [String]) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let flags = ["--no-noise", "--providers", "none"] + engine
        let original = ExportRun.run(["replay", track, "--format", "jsonl"] + flags)
        #expect(original.status == .success, "\(original.stderr)")

        let exported = directory + "/track.gpx"
        let export = ExportRun.run(["export", track, "--to", "xcode-gpx", "-o", exported] + flags)
        #expect(export.status == .success, "\(export.stderr)")
        let validation = ExportRun.run(["validate", exported])
        #expect(validation.status == .success, "\(validation.stdout)\(validation.stderr)")
        #expect(!validation.stdout.contains("warning"), "\(validation.stdout)")

        let replayed = ExportRun.run(["replay", exported, "--format", "jsonl"] + flags)
        #expect(replayed.status == .success, "\(replayed.stderr)")
        let expected = try Self.deliveredFixes(original.stdout)
        #expect(!expected.isEmpty)
        #expect(try Self.deliveredFixes(replayed.stdout) == expected)
    }
}
