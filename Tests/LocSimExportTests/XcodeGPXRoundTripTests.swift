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

    /// Points with no time before the first timed one are on the track's clock, counted back from
    /// it at `--speed`: the replay's timestamps and the export's times agree, so the export
    /// replays to the same fixes at the same timestamps (they were stamped from 2001-01-01 and
    /// then jumped to the track's clock, while the export counted them back).
    @Test func leadingUntimedPointsAreCountedBackInTheReplayAndItsExport() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let track = directory + "/leading.gpx"
        try Data(
            """
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="29.7900" lon="-91.5000"/>
            <trkpt lat="29.7900" lon="-91.4700"/>
            <trkpt lat="29.7900" lon="-91.4400"><time>2024-05-01T12:00:00Z</time></trkpt>
            <trkpt lat="29.7900" lon="-91.4000"><time>2024-05-01T12:03:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """.utf8
        ).write(to: URL(fileURLWithPath: track))
        let flags = ["--no-noise", "--providers", "none", "--distance-filter", "none", "--accuracy", "best"]
        let original = ExportRun.run(["replay", track, "--format", "jsonl"] + flags)
        #expect(original.status == .success, "\(original.stderr)")
        let stamps = try Self.timestamps(original.stdout)
        #expect(stamps.count > 100)
        #expect(stamps.first?.hasPrefix("2024-05-01T11:5") == true, "\(stamps.prefix(3))")
        #expect(!stamps.contains { $0.hasPrefix("2001") })

        let exported = directory + "/export.gpx"
        let export = ExportRun.run(["export", track, "--to", "xcode-gpx", "-o", exported] + flags)
        #expect(export.status == .success, "\(export.stderr)")
        let replayed = ExportRun.run(["replay", exported, "--format", "jsonl"] + flags)
        #expect(replayed.status == .success, "\(replayed.stderr)")
        let replayedStamps = try Self.timestamps(replayed.stdout)
        #expect(replayedStamps == stamps, "\(replayedStamps.prefix(3)) against \(stamps.prefix(3))")
        #expect(try Self.deliveredFixes(replayed.stdout) == Self.deliveredFixes(original.stdout))
    }

    /// The `timestamp` of every delivered fix of a jsonl transcript.
    static func timestamps(_ transcript: String) throws -> [String] {
        try transcript.split(separator: "\n").compactMap { line in
            let json = try JSONValue.parse(String(line))
            guard json["event"]?.stringValue == "location" else { return nil }
            return json["timestamp"]?.stringValue
        }
    }
}
