import Foundation
import LocSimCLI
import LocSimExport
import Testing

/// Every track in `Waypoints/` (with `--providers none`, as `WaypointsGoldenTests` replays them)
/// and every scenario in `Recordings/` (its settings, its cassette) exports in every format,
/// writing the files the format names. Their bytes are the goldens' concern
/// (``ExportGoldenTests``), for the inputs chosen to cover each format's features.
@Suite struct ExportEveryInputTests {
    static let tracks = ["buffalo-ny", "franklin-la", "houston-new-orleans-i10", "osaka", "portland-or", "tempe-az"]
    static let scenarios = [
        "aeris-invalid-client", "aeris-malformed-json", "aeris-rate-limited", "apns-push", "authorization-denied",
        "buffalo-ny", "franklin-la", "houston-new-orleans-i10", "i10-throttle", "nws-cap-lifecycle", "nws-problem",
        "nws-zone", "osaka", "owm-forecast", "owm-forecast-rate-limited", "owm-invalid-key", "owm-onecall",
        "permission-revoked-i10", "portland-or", "tempe-az", "weatherkit-alerts", "weatherkit-no-coverage",
        "xweather-closest",
        "xweather-place",
    ]

    /// (output name, arguments) for every input.
    static let inputs: [(name: String, arguments: [String])] =
        tracks.map { ($0, ["Waypoints/\($0).gpx", "--providers", "none"]) } + scenarios.map { ($0, [$0]) }

    @Test func everyTrackAndScenarioIsListed() throws {
        let manager = FileManager.default
        let shipped = try manager.contentsOfDirectory(
            atPath: ExportRun.repository.appendingPathComponent("Waypoints").path
        ).filter { $0.hasSuffix(".gpx") }.map { String($0.dropLast(4)) }.sorted()
        #expect(shipped == Self.tracks)
        let recorded = try manager.contentsOfDirectory(
            atPath: ExportRun.repository.appendingPathComponent("Recordings").path
        ).filter { manager.fileExists(atPath: ExportRun.repository.path + "/Recordings/\($0)/scenario.json") }.sorted()
        #expect(recorded == Self.scenarios)
    }

    @Test(arguments: ExportFormatRegistry.builtIn.names)
    func everyInputExports(format: String) throws {
        for input in Self.inputs {
            let output = try ExportRun.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: output) }
            let run = ExportRun.run(
                ["export"] + input.arguments
                    + ["--to", format, "--bundle-id", ExportGoldenTests.bundleID, "--device", ExportGoldenTests.device]
                    + ["-o", output])
            #expect(run.status == .success, "\(input.arguments) --to \(format): \(run.stderr)")
            let names = try ExportRun.files(in: output).map(\.name)
            let expected = Self.fileNames[format]?(input.name)
            #expect(expected != nil, "no file names listed for \(format)")
            #expect(names.filter { !$0.hasSuffix(".apns") } == expected ?? [], "\(input.name) --to \(format)")
            #expect(names.allSatisfy { $0.hasPrefix(input.name) }, "\(names)")
        }
    }

    /// The files (other than `.apns`) each built-in format writes for an input called `name`.
    static let fileNames: [String: @Sendable (String) -> [String]] = [
        "xcode-gpx": { [$0 + ".gpx"] }, "simctl": { [$0 + ".simctl.sh"] }, "apns": { [$0 + "-push.sh"] },
        "geojson": { [$0 + ".geojson"] }, "android-gpx": { [$0 + ".android.gpx"] },
        "devicectl": { [$0 + ".devicectl.sh"] },
    ]
}
