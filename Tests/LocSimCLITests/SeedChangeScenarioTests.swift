import Foundation
import LocSimCLI
import LocSimSupport
import Testing

/// Issue 26, item 2: every repository scenario replays with another seed without a miss caused
/// by moved coordinates. A new seed moves the reported fixes (and so the requests' positions);
/// the nearest recording within the default tolerance answers them. Requests by place name
/// (Aeris `/advisories/{place}`) may name another town when a fix moves; those are not
/// coordinates and may still miss.
@Suite struct SeedChangeScenarioTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var scenarios: [String] {
        let recordings = packageRoot.appendingPathComponent("Recordings").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(recordings)/\($0)/scenario.json") }.sorted()
    }

    @Test func everyScenarioSurvivesASeedChange() {
        let names = Self.scenarios
        #expect(names.count >= 20)
        for name in names {
            let stdout = MemoryOutput()
            let stderr = MemoryOutput()
            let context = CommandContext(
                stdout: stdout, stderr: stderr, environment: [:], currentDirectory: Self.packageRoot.path,
                clock: ManualWallClock())
            let arguments = ["replay", "--scenario", name, "--seed", "7", "--format", "jsonl"]
            _ = LocSim.run(arguments: arguments, context: context)
            let misses = stderr.text.split(separator: "\n").filter { $0.contains("× GET ") || $0.contains("× POST ") }
            for miss in misses {
                #expect(miss.contains("api.aerisapi.com/advisories/"), "\(name) misses a request: \(miss)")
            }
            #expect(!stderr.text.contains("nearest recorded position"), "\(name): \(stderr.text)")
            #expect(!stdout.text.isEmpty, "\(name) did not replay: \(stderr.text)")
        }
    }
}
