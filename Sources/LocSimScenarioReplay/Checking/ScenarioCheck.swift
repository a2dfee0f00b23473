public import Foundation
public import LocSimGeocoding
import LocSimHTTPRecording
public import LocSimReplay
public import LocSimScenarioHarness
public import LocSimSimulation

/// One scenario run inside a user's test and compared with its `expected.jsonl`: what
/// `ScenarioAssertion.assert` (product `LocSimScenarioTesting`) reports. Pure of any test
/// framework, so the wording is tested here.
///
/// Record modes come from `LOCSIM_RECORD` (never under `CI`): any record mode writes a missing
/// expectation; `all` also re-blesses one that differs. A transcript that differs because a
/// request went unanswered (`not_recorded`) is a miss: reported first, with the command that
/// records it, and never blessed unless `LOCSIM_ACCEPT_MISSES=1`.
public struct ScenarioCheck: Sendable {
    /// The transcript of this run.
    public var transcript: Transcript
    /// Why the test fails (report, diff, changed fields, commands), or `nil` when it passes.
    public var failure: String?
    /// What was written to `expected.jsonl` under a record mode, if anything.
    public var written: ExpectationChange?

    /// The environment variable that lets `LOCSIM_RECORD=all` bless a transcript with misses.
    public static let acceptMissesVariable = "LOCSIM_ACCEPT_MISSES"

    /// Runs `scenario` with `app` (``ReplayScenarioExecutor``, on a thread of its own) and
    /// compares, writing under a record mode as described above. `testName` (a function name
    /// such as `franklinMatches()`) narrows the commands it prints to that test.
    public static func run(
        _ scenario: Scenario, app: ReplayApp, geocoder: (any ReverseGeocoder)? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, testName: String? = nil
    ) async throws -> ScenarioCheck {
        let filter = testName.map { String($0.prefix { $0 != "(" }) } ?? ""
        let swiftTest = filter.isEmpty ? "swift test" : "swift test --filter \(filter)"
        let executor = ReplayScenarioExecutor(app: app, geocoder: geocoder)
        let result: Result<ScenarioRun, any Error> = await OwnThread.run {
            Result { try executor.runReportingMisses(scenario) }
        }
        let run = try result.get()
        // A cancelled task's replay stopped early: its transcript is not compared.
        try Task.checkCancellation()
        let transcript = try Transcript(parsing: run.transcript)
        let requested = try RecordMode.named(by: LocSimRecordVariable.name, in: environment) ?? .none
        let mode = RecordMode.effective(requested, environment: environment)
        let acceptMisses = environment[acceptMissesVariable] == "1"
        let location = scenario.location
        let expected = FileManager.default.contents(atPath: location.expectationURL.path).map {
            String(decoding: TestRunner.normalizingLineEndings($0), as: UTF8.self)
        }
        if let expected, expected == run.transcript {
            return ScenarioCheck(transcript: transcript, failure: nil, written: nil)
        }
        let missLines = run.newMissLines(comparedWith: expected ?? "")
        let blessesMisses = missLines.isEmpty || acceptMisses
        let writes = blessesMisses && (expected == nil ? mode != .none : mode == .all)
        if writes {
            let change = try scenario.updateExpectation(to: run.transcript)
            return ScenarioCheck(transcript: transcript, failure: nil, written: change)
        }
        let name = scenario.name
        guard let expected else {
            let failure =
                missLines.isEmpty
                ? "\(name): missing expectation \(location.expectationPath); record it: "
                    + "\(LocSimRecordVariable.name)=once \(swiftTest) (never under CI)"
                : missReport(
                    scenario, run: run, lines: missLines, diff: nil, refused: mode != .none, swiftTest: swiftTest)
            return ScenarioCheck(transcript: transcript, failure: failure, written: nil)
        }
        let diff = UnifiedDiff(
            old: expected, new: run.transcript, oldLabel: location.expectationPath, newLabel: "this run")
        let failure =
            missLines.isEmpty
            ? "\(name): the transcript differs from \(location.expectationPath)\n" + diff.text + FieldDiff(diff).text
                + "To accept the new transcript, run: \(LocSimRecordVariable.name)=all \(swiftTest) "
                + "(rewrites \(location.expectationPath); never under CI)"
            : missReport(scenario, run: run, lines: missLines, diff: diff, refused: mode == .all, swiftTest: swiftTest)
        return ScenarioCheck(transcript: transcript, failure: failure, written: nil)
    }

    /// The miss first (request, closest, differs, the command that records it), then the diff.
    static func missReport(
        _ scenario: Scenario, run: ScenarioRun, lines: [String], diff: UnifiedDiff?, refused: Bool, swiftTest: String
    ) -> String {
        // A request the app repeats (every lap, every fix) misses each time: one report each.
        var times: [String: Int] = [:]
        let reports = run.reports(for: lines).filter { report in
            defer { times[report, default: 0] += 1 }
            return times[report] == nil
        }
        let count = reports.count == 1 ? "a request" : "\(reports.count) requests"
        var text =
            "\(scenario.name): \(refused ? "not updated: " : "")\(count) no recording answers (not_recorded): "
            + "a miss in \(scenario.location.cassettePath), not a change\n"
        text += reports.map { report in
            let repeated = times[report, default: 1] > 1 ? " (\(times[report, default: 1]) times)" : ""
            return "miss\(repeated): " + report + "\n"
        }.joined()
        if let diff { text += diff.text + FieldDiff(diff).text }
        text +=
            "To bless the transcript with the miss anyway, run: \(LocSimRecordVariable.name)=all "
            + "\(acceptMissesVariable)=1 \(swiftTest)"
        return text
    }
}

/// `LOCSIM_RECORD`: the record mode of every cassette session and scenario assertion in a test run.
enum LocSimRecordVariable {
    static let name = "LOCSIM_RECORD"
}
