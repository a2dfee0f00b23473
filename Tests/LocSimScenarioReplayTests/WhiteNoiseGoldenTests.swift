import Foundation
import LocSimCanonicalJSON
import LocSimLocationCore
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSettings
import LocSimTesting
import Testing

/// `--noise white` is the model before issue 17: replaying every scenario with it reproduces
/// the transcripts of that time (kept in `WhiteNoiseGoldens/`) byte for byte, once the keys the
/// `location` event gained since are left out. Each runs against the cassette of that time, kept
/// beside its transcript.
@Suite struct WhiteNoiseGoldenTests {
    static let fixtures = RepositoryFixture.root.appendingPathComponent(
        "Tests/LocSimScenarioReplayTests/WhiteNoiseGoldens")
    /// The keys issue 17 added to every `location` event.
    static let addedKeys = ["verticalAccuracy", "speed", "speedAccuracy", "course", "courseAccuracy"]

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// `line` without the keys `old` lacks among those issue 17 added.
    static func projected(_ line: Substring, like old: Substring) throws -> String {
        guard !line.isEmpty, !old.isEmpty, case .object(var members) = try JSONValue.parse(String(line)),
            case .object(let oldMembers) = try JSONValue.parse(String(old)),
            members["event"] == .string("location")
        else { return String(line) }
        for key in addedKeys + ["timestamp"] where oldMembers[key] == nil { members[key] = nil }
        return JSONValue.object(members).compact()
    }

    @Test func thereIsAFixtureForEachSeedScenario() {
        #expect(Self.names.count >= 13)
    }

    @Test(arguments: names) func whiteNoiseReproducesTheOldTranscript(name: String) throws {
        // The old cassette: the white model makes the old requests, which the re-blessed
        // cassettes (recorded for the correlated model's fixes) may not hold.
        let repository = try RepositoryFixture.copy([name], files: ["scenario.json"])
        defer { repository.remove() }
        let cassette = Self.fixtures.appendingPathComponent("\(name).cassette.json")
        if FileManager.default.fileExists(atPath: cassette.path) {
            try FileManager.default.copyItem(at: cassette, to: repository.file(name, "cassette.json"))
        }
        var scenario = try Scenario.load(named: name, in: repository.recordings)
        scenario.file.settings.noiseModel = .white
        let transcript = try ReplayScenarioExecutor().run(scenario)
        let old = try String(contentsOf: Self.fixtures.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        let newLines = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(newLines.count == oldLines.count)
        for (new, previous) in zip(newLines, oldLines) {
            #expect(try Self.projected(new, like: previous) == String(previous))
        }
    }
}
