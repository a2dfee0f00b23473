import Foundation
import LocSimScenarioHarness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory under the system's temporary directory, removed after `body`.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("harness-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.standardizedFileURL)
}

/// Writes `files` (paths relative to `directory`) with their text.
func writeFiles(_ files: [String: String], in directory: URL) throws {
    for (path, text) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

func readText(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// A minimal valid scenario.json.
func scenarioJSON(track: String = "Waypoints/test.gpx") -> String {
    #"{"version": 1, "track": "\#(track)"}"#
}

/// An executor answering from a table by scenario name, optionally sleeping first (to shuffle
/// completion order under `--jobs`).
struct FakeExecutor: ScenarioExecutor {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var transcripts: [String: String]
    var failures: [String: String] = [:]
    var delays: [String: UInt32] = [:]

    func run(_ scenario: Scenario) throws -> String {
        if let microseconds = delays[scenario.name] { usleep(microseconds) }
        if let message = failures[scenario.name] { throw Failure(description: message) }
        guard let transcript = transcripts[scenario.name] else {
            throw Failure(description: "no transcript for \(scenario.name)")
        }
        return transcript
    }
}

/// A clock that always reads the same time: every duration is 0.
struct FixedClock: ElapsedClock {
    func seconds() -> Double { 100 }
}

/// A clock that advances by `step` on every reading (deterministic with one job).
final class SteppingClock: ElapsedClock, @unchecked Sendable {
    // `@unchecked Sendable`: `now` is only touched under `lock`.
    private let lock = NSLock()
    private var now = 0.0
    private let step: Double

    init(step: Double) { self.step = step }

    func seconds() -> Double {
        lock.withLock {
            defer { now += step }
            return now
        }
    }
}
