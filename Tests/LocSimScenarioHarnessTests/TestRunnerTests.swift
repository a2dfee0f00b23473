import Foundation
import Testing

@testable import LocSimScenarioHarness

@Suite struct TestRunnerTests {
    static let alpha = #"{"event":"authorization","status":3,"t":0.000}"# + "\n"
    static let betaExpected = (1...8).map { #"{"event":"location","n":\#($0),"t":\#($0).000}"# + "\n" }.joined()
    static let betaActual = betaExpected.replacingOccurrences(of: #""n":5"#, with: #""n":50"#)

    /// A repository with one scenario of each kind.
    func makeRepository(at root: URL) throws {
        try writeFiles(
            [
                "Recordings/alpha/scenario.json": scenarioJSON(),
                "Recordings/alpha/expected.jsonl": Self.alpha,
                "Recordings/beta/scenario.json": scenarioJSON(),
                "Recordings/beta/cassette.json": "{}",
                "Recordings/beta/expected.jsonl": Self.betaExpected,
                "Recordings/delta/scenario.json": scenarioJSON(),
                "Recordings/epsilon/scenario.json": scenarioJSON(),
                "Recordings/epsilon/expected.jsonl": Self.alpha,
                "Recordings/gamma/scenario.json": #"{"version":1,"track":"t.gpx","engine":{"nosie":false}}"#,
                "Recordings/gamma/expected.jsonl": "",
                "Recordings/orphan/expected.jsonl": Self.alpha,
            ], in: root)
    }

    let executor = FakeExecutor(
        transcripts: ["alpha": alpha, "beta": betaActual, "delta": alpha, "gamma": alpha],
        failures: ["epsilon": "cassette has no interaction for GET /advisories/x"])

    func runner(_ root: URL, environment: [String: String] = [:], executor: FakeExecutor? = nil) -> TestRunner {
        TestRunner(
            recordingsDirectory: root.appendingPathComponent("Recordings"), executor: executor ?? self.executor,
            clock: FixedClock(), environment: environment)
    }

    @Test func reportsEveryKindOfOutcome() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let report = try runner(root).run(TestOptions())
            #expect(report.results.map(\.name) == ["alpha", "beta", "delta", "epsilon", "gamma", "orphan"])
            #expect(report.passedCount == 1)
            #expect(report.failedCount == 5)
            #expect(report.exitCode == 1)
            #expect(
                report.output == """
                    PASS alpha
                    FAIL beta: transcript differs from Recordings/beta/expected.jsonl
                    --- Recordings/beta/expected.jsonl
                    +++ actual
                    @@ -2,7 +2,7 @@
                     {"event":"location","n":2,"t":2.000}
                     {"event":"location","n":3,"t":3.000}
                     {"event":"location","n":4,"t":4.000}
                    -{"event":"location","n":5,"t":5.000}
                    +{"event":"location","n":50,"t":5.000}
                     {"event":"location","n":6,"t":6.000}
                     {"event":"location","n":7,"t":7.000}
                     {"event":"location","n":8,"t":8.000}
                    Changed fields (expected → actual):
                      line 5 (location):
                        n: 5 → 50
                    To accept the new transcript, run: locsim test beta --update
                    FAIL delta: missing expectation Recordings/delta/expected.jsonl; run `locsim test delta --update`
                    FAIL epsilon: the run failed: cassette has no interaction for GET /advisories/x
                    FAIL gamma: invalid scenario
                    Recordings/gamma/scenario.json:1:48: error: unknown key 'engine.nosie' (did you mean 'engine.noise'?)
                    FAIL orphan: orphaned recording: Recordings/orphan/ has expected.jsonl but no scenario.json (add one, or delete the folder)
                    1 passed, 5 failed

                    """)
        }
    }

    @Test func allPassingExitsZeroWithSummaryLast() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let report = try runner(root).run(TestOptions(names: ["alpha"]))
            #expect(report.output == "PASS alpha\n1 passed, 0 failed\n")
            #expect(report.summaryLine == "1 passed, 0 failed")
            #expect(report.exitCode == 0)
        }
    }

    @Test func emitsGitHubAnnotationsOnlyUnderGitHubActions() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let plain = try runner(root, environment: ["GITHUB_ACTIONS": "false"]).run(TestOptions())
            #expect(!plain.output.contains("::error"))
            let report = try runner(root, environment: ["GITHUB_ACTIONS": "true"]).run(TestOptions())
            let annotations = report.output.split(separator: "\n").filter { $0.hasPrefix("::") }
            #expect(
                annotations == [
                    "::error file=Recordings/beta/expected.jsonl,line=5::beta: the transcript differs from the expectation from this line on (line 5 (location): n: 5 → 50). If the change is intended, run `locsim test beta --update` and commit the result.",
                    "::error file=Recordings/delta/scenario.json::delta: missing expectation Recordings/delta/expected.jsonl; run `locsim test delta --update`",
                    "::error file=Recordings/epsilon/scenario.json::epsilon: the run failed: cassette has no interaction for GET /advisories/x",
                    "::error file=Recordings/gamma/scenario.json,line=1,col=48::unknown key 'engine.nosie' (did you mean 'engine.noise'?)",
                    "::error file=Recordings/orphan/expected.jsonl::orphan: orphaned recording: Recordings/orphan/ has expected.jsonl but no scenario.json (add one, or delete the folder)",
                ])
            #expect(report.output.hasSuffix("\n1 passed, 5 failed\n"))
        }
    }

    /// A `core.autocrlf` checkout turns every LF of `expected.jsonl` into CRLF: it still passes,
    /// `--update` leaves it alone, and a real change gives the same line diff as with LF.
    @Test func crlfExpectationsCompareByLineAndDiffLineByLine() throws {
        try withTemporaryDirectory { root in
            let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
            try writeFiles(
                [
                    "Recordings/alpha/scenario.json": scenarioJSON(),
                    "Recordings/alpha/expected.jsonl": crlf(Self.alpha),
                    "Recordings/beta/scenario.json": scenarioJSON(),
                    "Recordings/beta/expected.jsonl": crlf(Self.betaExpected),
                ], in: root)
            let report = try runner(root).run(TestOptions())
            #expect(
                report.output == """
                    PASS alpha
                    FAIL beta: transcript differs from Recordings/beta/expected.jsonl
                    --- Recordings/beta/expected.jsonl
                    +++ actual
                    @@ -2,7 +2,7 @@
                     {"event":"location","n":2,"t":2.000}
                     {"event":"location","n":3,"t":3.000}
                     {"event":"location","n":4,"t":4.000}
                    -{"event":"location","n":5,"t":5.000}
                    +{"event":"location","n":50,"t":5.000}
                     {"event":"location","n":6,"t":6.000}
                     {"event":"location","n":7,"t":7.000}
                     {"event":"location","n":8,"t":8.000}
                    Changed fields (expected → actual):
                      line 5 (location):
                        n: 5 → 50
                    To accept the new transcript, run: locsim test beta --update
                    1 passed, 1 failed

                    """)
            _ = try runner(root, environment: ["CI": ""]).run(TestOptions(names: ["alpha"], update: true))
            let alpha = root.appendingPathComponent("Recordings/alpha/expected.jsonl")
            #expect(try readText(alpha) == crlf(Self.alpha))
        }
    }

    @Test func normalizingLineEndingsReplacesOnlyCRLF() {
        let bytes = Data("a\r\nb\rc\n\r\r\n".utf8)
        #expect(TestRunner.normalizingLineEndings(bytes) == Data("a\nb\rc\n\r\n".utf8))
        #expect(TestRunner.normalizingLineEndings(Data()) == Data())
        #expect(TestRunner.normalizingLineEndings(Data("\r".utf8)) == Data("\r".utf8))
    }

    @Test func updateRewritesExpectationsAtomically() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let report = try runner(root, environment: ["CI": ""]).run(TestOptions(update: true))
            #expect(
                report.output == """
                    PASS alpha
                    UPDATED beta: wrote Recordings/beta/expected.jsonl
                    CREATED delta: wrote Recordings/delta/expected.jsonl
                    FAIL epsilon: the run failed: cassette has no interaction for GET /advisories/x
                    FAIL gamma: invalid scenario
                    Recordings/gamma/scenario.json:1:48: error: unknown key 'engine.nosie' (did you mean 'engine.noise'?)
                    FAIL orphan: orphaned recording: Recordings/orphan/ has expected.jsonl but no scenario.json (add one, or delete the folder)
                    3 passed, 3 failed

                    """)
            let recordings = root.appendingPathComponent("Recordings")
            #expect(try readText(recordings.appendingPathComponent("beta/expected.jsonl")) == Self.betaActual)
            #expect(try readText(recordings.appendingPathComponent("delta/expected.jsonl")) == Self.alpha)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: recordings.appendingPathComponent("beta").path)
                    .sorted() == ["cassette.json", "expected.jsonl", "scenario.json"])
            let again = try runner(root).run(TestOptions(names: ["alpha", "beta", "delta"]))
            #expect(again.summaryLine == "3 passed, 0 failed")
        }
    }

    @Test(arguments: ["true", "1", "yes"])
    func updateIsRefusedUnderCI(value: String) throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let error = try #require(throws: HarnessError.self) {
                try runner(root, environment: ["CI": value]).run(TestOptions(update: true))
            }
            #expect(error == .updateRefusedUnderCI)
            #expect(error.exitCode == 64)
            #expect(error.description.hasPrefix("refusing to --update expectations because CI is set"))
            let beta = root.appendingPathComponent("Recordings/beta/expected.jsonl")
            #expect(try readText(beta) == Self.betaExpected)
            #expect(
                !FileManager.default.fileExists(
                    atPath: root.appendingPathComponent("Recordings/delta/expected.jsonl").path))
        }
    }

    @Test func testingWithoutUpdateRunsUnderCI() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let report = try runner(root, environment: ["CI": "true"]).run(TestOptions(names: ["alpha"]))
            #expect(report.exitCode == 0)
        }
    }

    @Test func jobsKeepTheSortedOrderWhateverFinishesFirst() throws {
        try withTemporaryDirectory { root in
            var files: [String: String] = [:]
            var transcripts: [String: String] = [:]
            var delays: [String: UInt32] = [:]
            for index in 0..<12 {
                let name = "s\(String(format: "%02d", index))"
                files["Recordings/\(name)/scenario.json"] = scenarioJSON()
                files["Recordings/\(name)/expected.jsonl"] = "{\"event\":\"x\",\"t\":\(index).000}\n"
                transcripts[name] =
                    index % 3 == 0 ? "{\"event\":\"y\",\"t\":0.000}\n" : files["Recordings/\(name)/expected.jsonl"]
                delays[name] = UInt32((12 - index) * 2_000)
            }
            try writeFiles(files, in: root)
            let executor = FakeExecutor(transcripts: transcripts, delays: delays)
            let finished = FinishedNames()
            let serial = try runner(root, executor: executor).run(TestOptions(jobs: 1))
            let parallel = try runner(root, executor: executor).run(TestOptions(jobs: 4)) { progress in
                if case .finished(let result, _, _) = progress { finished.append(result.name) }
            }
            #expect(parallel.output == serial.output)
            #expect(parallel.results == serial.results)
            #expect(parallel.summaryLine == "8 passed, 4 failed")
            #expect(finished.names.sorted() == serial.results.map(\.name))
        }
    }

    @Test func shardsRunDisjointSlicesCoveringTheSuite() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let full = try runner(root).run(TestOptions())
            var union: [ScenarioResult] = []
            for index in 1...4 {
                let shard = try Shard(index: index, count: 4)
                union += try runner(root).run(TestOptions(shard: shard)).results
            }
            #expect(union.count == full.results.count)
            #expect(Set(union.map(\.name)) == Set(full.results.map(\.name)))
            #expect(Set(union) == Set(full.results))
        }
    }

    @Test func writesJUnitFileAtomically() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let junit = root.appendingPathComponent("reports/junit.xml")
            let report = try runner(root).run(TestOptions(names: ["alpha", "delta"], junitFile: junit))
            #expect(try readText(junit) == report.junitXML)
            #expect(
                report.junitXML == """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <testsuites tests="2" failures="1" errors="0" time="0.000">
                      <testsuite name="locsim" tests="2" failures="1" errors="0" time="0.000">
                        <testcase classname="locsim.scenarios" name="alpha" time="0.000"/>
                        <testcase classname="locsim.scenarios" name="delta" time="0.000">
                          <failure message="delta: missing expectation Recordings/delta/expected.jsonl; run `locsim test delta --update`"><![CDATA[delta: missing expectation Recordings/delta/expected.jsonl; run `locsim test delta --update`
                    ]]></failure>
                        </testcase>
                      </testsuite>
                    </testsuites>

                    """)
        }
    }

    @Test func durationsComeFromTheInjectedClock() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            let runner = TestRunner(
                recordingsDirectory: root.appendingPathComponent("Recordings"), executor: executor,
                clock: SteppingClock(step: 0.25), environment: [:])
            let report = try runner.run(TestOptions(names: ["alpha", "beta"]))
            #expect(report.results.map(\.duration) == [0.25, 0.25])
            #expect(report.duration == 1.25)
        }
    }

    @Test func rejectsBadJobsAndUnknownNamesBeforeRunning() throws {
        try withTemporaryDirectory { root in
            try makeRepository(at: root)
            #expect(throws: HarnessError.invalidJobs(0)) { try runner(root).run(TestOptions(jobs: 0)) }
            #expect(throws: HarnessError.unknownScenario(name: "alhpa", suggestion: "alpha")) {
                try runner(root).run(TestOptions(names: ["alhpa"]))
            }
        }
    }
}

/// Names collected from the progress callback.
/// `@unchecked Sendable`: `storage` is only touched under `lock`.
final class FinishedNames: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ name: String) { lock.withLock { storage.append(name) } }
    var names: [String] { lock.withLock { storage } }
}
