import Foundation
import LocSimCLI
import LocSimExport
import Testing

/// Every format exported from every track in `Waypoints/` (with `locsim replay`'s defaults and no
/// providers, as `WaypointsGoldenTests` replays them: the provider side is the scenarios') and
/// from every scenario in `Recordings/` (its settings, its cassette), byte for byte against
/// `Golden/<Waypoints|Recordings>/<name>/`. Re-bless deliberately with
/// `LOCSIM_WRITE_GOLDENS=1 swift test --filter ExportGoldenTests` (never under `CI`).
@Suite struct ExportGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let rebless: Comment = "LOCSIM_WRITE_GOLDENS=1 swift test --filter ExportGoldenTests"
    static let bundleID = "com.example.weatheralerts"

    static let tracks = ["buffalo-ny", "franklin-la", "houston-new-orleans-i10", "osaka", "portland-or", "tempe-az"]
    static let scenarios = [
        "aeris-invalid-client", "aeris-malformed-json", "aeris-rate-limited", "apns-push", "authorization-denied",
        "buffalo-ny", "franklin-la", "houston-new-orleans-i10", "i10-throttle", "nws-cap-lifecycle", "nws-problem",
        "nws-zone", "osaka", "owm-forecast", "owm-forecast-rate-limited", "owm-invalid-key", "owm-onecall",
        "portland-or", "tempe-az", "weatherkit-alerts", "weatherkit-no-coverage", "xweather-closest",
        "xweather-place",
    ]

    /// (golden folder, arguments) for every input.
    static let inputs: [(folder: String, arguments: [String])] =
        tracks.map { ("Waypoints/\($0)", ["Waypoints/\($0).gpx", "--providers", "none"]) }
        + scenarios.map { ("Recordings/\($0)", [$0]) }

    @Test func everyTrackAndScenarioIsCovered() throws {
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
    func everyInputMatchesItsGoldens(format: String) throws {
        let environment = ProcessInfo.processInfo.environment
        let writing = environment["LOCSIM_WRITE_GOLDENS"] == "1" && (environment["CI"] ?? "").isEmpty
        for input in Self.inputs {
            let output = try ExportRun.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: output) }
            let run = ExportRun.run(
                ["export"] + input.arguments + ["--to", format, "--bundle-id", Self.bundleID, "-o", output])
            #expect(run.status == .success, "\(input.arguments) --to \(format): \(run.stderr)")
            let folder = Self.goldens.appendingPathComponent(input.folder)
            for file in try ExportRun.files(in: output) {
                if writing { try Self.bless(file.data, as: file.name, in: input.folder) }
                #expect(
                    Self.golden(file.name, in: input.folder) == file.data,
                    "\(folder.path)/\(file.name) differs from its golden; re-bless: \(Self.rebless)")
            }
        }
    }

    /// The golden `name` of `folder`: the file itself, or the earlier input's identical file a
    /// `name.same` names (a scenario on a shipped track exports the same track byte for byte,
    /// and the I-10 track alone is megabytes).
    static func golden(_ name: String, in folder: String) -> Data? {
        let url = goldens.appendingPathComponent(folder).appendingPathComponent(name)
        if let pointer = try? String(contentsOf: url.appendingPathExtension("same"), encoding: .utf8) {
            return try? Data(contentsOf: goldens.appendingPathComponent(pointer.trimmingCharacters(in: .newlines)))
        }
        return try? Data(contentsOf: url)
    }

    /// Writes `data` as the golden `name` of `folder`, or a `.same` pointer to an earlier
    /// input's identical golden of the same name.
    static func bless(_ data: Data, as name: String, in folder: String) throws {
        let directory = goldens.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        let pointer = url.appendingPathExtension("same")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: pointer)
        let earlier = inputs.prefix { $0.folder != folder }.first { other in
            (try? Data(contentsOf: goldens.appendingPathComponent(other.folder).appendingPathComponent(name))) == data
        }
        if let earlier, data.count > 4096 {
            try Data("\(earlier.folder)/\(name)\n".utf8).write(to: pointer, options: .atomic)
        } else {
            try data.write(to: url, options: .atomic)
        }
    }

    /// No golden is left over from a file the exports no longer write.
    @Test func everyGoldenIsWrittenByAnExport() throws {
        for input in Self.inputs {
            let output = try ExportRun.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: output) }
            for format in ExportFormatRegistry.builtIn.names {
                _ = ExportRun.run(
                    ["export"] + input.arguments + ["--to", format, "--bundle-id", Self.bundleID, "-o", output])
            }
            let folder = Self.goldens.appendingPathComponent(input.folder).path
            let goldens = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .map { $0.hasSuffix(".same") ? String($0.dropLast(5)) : $0 }.sorted()
            #expect(goldens == (try ExportRun.files(in: output).map(\.name)), "\(input.folder)")
        }
    }
}
