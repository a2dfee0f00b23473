import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import Testing

/// The Xcode GPX of every repository scenario is the scenario's drive: replayed by locsim with
/// the scenario's own settings (its `scenario.json`, its cassette), it delivers the same fixes —
/// jumps (`playback.interval: 0`) included, which the export holds instead of densifying.
@Suite struct ExportIsTheScenarioDriveTests {
    static let scenarios: [String] = {
        let recordings = ExportRun.repository.appendingPathComponent("Recordings").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(recordings)/\($0)/scenario.json") }.sorted()
    }()

    /// The delivered fixes of a jsonl transcript: instant, coordinate and accuracy.
    typealias Fix = (t: Double, latitude: Double, longitude: Double, accuracy: String)

    static func deliveredFixes(_ transcript: String) throws -> [Fix] {
        try transcript.split(separator: "\n").compactMap { line -> Fix? in
            let json = try JSONValue.parse(String(line))
            guard json["event"]?.stringValue == "location" else { return nil }
            let number = { (key: String) -> Double in (json[key]?.compact()).flatMap { Double($0) } ?? .nan }
            return (number("t"), number("latitude"), number("longitude"), json["horizontalAccuracy"]?.compact() ?? "-")
        }
    }

    @Test func everyRepositoryScenarioIsListed() {
        #expect(Self.scenarios.count >= 20)
    }

    @Test(arguments: scenarios)
    func theXcodeGPXReplaysToTheScenariosDeliveredFixes(scenario: String) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = ExportRun.run(["replay", "--scenario", scenario, "--format", "jsonl"])
        #expect(original.status == .success, "\(original.stderr)")

        let exported = directory + "/\(scenario).gpx"
        let export = ExportRun.run(["export", scenario, "--to", "xcode-gpx", "-o", exported])
        #expect(export.status == .success, "\(export.stderr)")

        // The same scenario, its track replaced by the export.
        let source = ExportRun.repository.appendingPathComponent("Recordings/\(scenario)")
        let copy = directory + "/Recordings/\(scenario)"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for file in ["cassette.json"] where FileManager.default.fileExists(atPath: source.path + "/" + file) {
            try FileManager.default.copyItem(atPath: source.path + "/" + file, toPath: copy + "/" + file)
        }
        guard
            case .object(var settings) = try JSONValue.parse(
                String(contentsOf: source.appendingPathComponent("scenario.json"), encoding: .utf8))
        else {
            Issue.record("scenario.json is not an object")
            return
        }
        settings["track"] = .string("\(scenario).gpx")
        try (JSONValue.object(settings).compact() + "\n").write(
            toFile: copy + "/scenario.json", atomically: true, encoding: .utf8)

        let replayed = ExportRun.run([
            "replay", "--scenario", scenario, "--cassettes", directory + "/Recordings", "--format", "jsonl",
        ])
        #expect(replayed.status == .success, "\(replayed.stderr)")
        let expected = try Self.deliveredFixes(original.stdout)
        let actual = try Self.deliveredFixes(replayed.stdout)
        #expect(!expected.isEmpty || scenario == "authorization-denied")
        #expect(actual.count == expected.count, "\(actual.count) delivered fixes, \(expected.count) in the scenario")
        for (a, e) in zip(actual, expected) {
            // Instants are exported to the millisecond, positions to 1e-6°: the same fix, printed.
            #expect(
                abs(a.t - e.t) <= 0.001 && abs(a.latitude - e.latitude) <= 1.5e-6
                    && abs(a.longitude - e.longitude) <= 1.5e-6 && a.accuracy == e.accuracy,
                "t \(a.t) vs \(e.t): \(a.latitude),\(a.longitude) vs \(e.latitude),\(e.longitude)")
        }
    }
}
