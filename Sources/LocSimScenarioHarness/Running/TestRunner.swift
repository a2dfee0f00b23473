package import Foundation
import LocSimSupport

/// Runs the scenario suite: `locsim test [SCENARIO…] [--update] [--junit FILE] [--shard I/N] [--jobs N]`.
///
/// For each selected folder in sorted order it loads `scenario.json`, runs the executor, and
/// compares the transcript byte for byte with `expected.jsonl` read with its line endings
/// normalised (CRLF → LF: a `core.autocrlf` checkout passes, and `--update` leaves it be; a
/// transcript never holds a raw CR, JSON escapes it). Orphaned recordings, missing
/// expectations, invalid scenarios and executor errors are failures. The runner prints nothing:
/// it returns a ``TestReport`` whose ``TestReport/output`` the CLI prints and whose
/// ``TestReport/exitCode`` it exits with.
package struct TestRunner: Sendable {
    /// The directory holding the scenario folders (the repository's `Recordings/`).
    public var recordingsDirectory: URL
    /// The repository root; `nil` means the parent of ``recordingsDirectory``.
    public var root: URL?
    /// Runs one scenario (the replay pipeline, or a fake in tests).
    public var executor: any ScenarioExecutor
    /// Measures durations for the report.
    public var clock: any ElapsedClock
    /// The process environment: `CI` (non-empty refuses `--update`) and `GITHUB_ACTIONS`
    /// (`true` adds `::error` annotations).
    public var environment: [String: String]
    /// Applied to both transcripts before a mismatch is diffed (so the field diff shortens
    /// redacted values, never a secret's prefix) and to the JUnit report before it is written:
    /// the CLI passes its secret redaction (what it prints goes through the same).
    public var redact: @Sendable (String) -> String = { $0 }

    public init(
        recordingsDirectory: URL, root: URL? = nil, executor: any ScenarioExecutor, clock: any ElapsedClock,
        environment: [String: String]
    ) {
        self.recordingsDirectory = recordingsDirectory
        self.root = root
        self.executor = executor
        self.clock = clock
        self.environment = environment
    }

    /// Runs the suite.
    ///
    /// - Parameter progress: called as each scenario starts and finishes, from worker threads but
    ///   never concurrently; finishing order follows completion, while the report keeps sorted order.
    /// - Throws: ``HarnessError`` before anything runs (`--update` under `CI`, `--jobs` below 1,
    ///   no recordings directory, an unknown scenario name), or when the JUnit file cannot be written.
    public func run(
        _ options: TestOptions, progress: (@Sendable (TestProgress) -> Void)? = nil
    ) throws(HarnessError)
        -> TestReport
    {
        if options.update, !(environment["CI"] ?? "").isEmpty { throw .updateRefusedUnderCI }
        guard options.jobs >= 1 else { throw .invalidJobs(options.jobs) }
        let catalog = try ScenarioCatalog.discover(in: recordingsDirectory, root: root)
        let selected = try catalog.select(options.names)
        let entries = options.shard?.select(selected) ?? selected

        let total = entries.count
        let reporter = ProgressReporter(callback: progress)
        let start = clock.seconds()
        let results = parallelMap(count: total, jobs: options.jobs) { [self] index in
            let entry = entries[index]
            reporter.report { .started(name: entry.name, index: index, total: total) }
            let result = check(entry, update: options.update, acceptMisses: options.acceptMisses)
            reporter.finished(result, total: total)
            return result
        }
        let report = TestReport(
            results: results, duration: clock.seconds() - start,
            githubActions: environment["GITHUB_ACTIONS"] == "true")
        if let junitFile = options.junitFile {
            do {
                try AtomicFileWriter(createsDirectories: true, writesSpecialFilesInPlace: true).write(
                    redact(report.junitXML), to: junitFile.path)
            } catch {
                throw .cannotWrite(error)
            }
        }
        return report
    }

    /// Checks one folder, timing it.
    func check(_ entry: ScenarioCatalog.Entry, update: Bool, acceptMisses: Bool = false) -> ScenarioResult {
        let start = clock.seconds()
        let location: ScenarioLocation
        let outcome: ScenarioOutcome
        switch entry {
        case .orphan(let orphan):
            location = orphan.location
            outcome = .orphan(orphan)
        case .scenario(let scenarioLocation):
            location = scenarioLocation
            outcome = check(scenarioLocation, update: update, acceptMisses: acceptMisses)
        }
        return ScenarioResult(name: entry.name, location: location, outcome: outcome, duration: clock.seconds() - start)
    }

    private func check(_ location: ScenarioLocation, update: Bool, acceptMisses: Bool) -> ScenarioOutcome {
        let scenario: Scenario
        do {
            scenario = try Scenario.load(location, settings: executor.settingsTable)
        } catch {
            if case .invalidScenario(let fileError) = error { return .invalidScenario(fileError) }
            return .fileError(message: error.description)
        }
        if let staging = RecordStagingFolder.interruptedSwap(in: location.directory),
            case .halfSwapped(let moved, let left) = RecordStagingFolder.litter(staging)
        {
            return .fileError(
                message: "an interrupted `locsim record` left \(location.cassettePath) and "
                    + "\(location.expectationPath) half swapped (new: \(moved.joined(separator: ", ")); old: "
                    + "\(left.joined(separator: ", ")); \(location.displayPath(staging.lastPathComponent))/); "
                    + "run `locsim record \(location.name)` to finish the swap and record again")
        }
        // `--update` writes here: litter of a killed `locsim record` that swapped nothing goes.
        if update { RecordStagingFolder.removeAbandoned(in: location.directory) }
        let expected = FileManager.default.contents(atPath: location.expectationURL.path).map(
            Self.normalizingLineEndings)
        let exists = FileManager.default.fileExists(atPath: location.expectationURL.path)
        if exists, expected == nil { return .fileError(message: "cannot read \(location.expectationPath)") }
        if !exists, !update { return .missingExpectation }

        let run: ScenarioRun
        do {
            run = try executor.runReportingMisses(scenario)
        } catch let error as ScenarioFileError {
            // What only the executor can check (a name its app's registry lacks).
            return .invalidScenario(error)
        } catch {
            return .runFailed(message: String(describing: error))
        }
        let actual = run.transcript
        if let expected, expected == Data(actual.utf8) { return .passed }
        let expectedText = String(decoding: expected ?? Data(), as: UTF8.self)
        let missLines = run.newMissLines(comparedWith: expectedText)
        // Redact first, then diff and shorten: the field diff elides long values around the
        // change, and a shortened secret would no longer be recognised.
        let diff = UnifiedDiff(
            old: redact(expectedText), new: redact(actual), oldLabel: location.expectationPath, newLabel: "actual")
        // A request the cassette lacks is a miss to record, not a change to bless.
        if !missLines.isEmpty, !(update && acceptMisses) {
            return .miss(diff, misses: run.reports(for: missLines), updateRefused: update)
        }
        if update {
            do {
                switch try scenario.updateExpectation(to: actual) {
                case .unchanged: return .passed
                case .created: return .updated(created: true)
                case .changed: return .updated(created: false)
                }
            } catch {
                return .fileError(message: error.description)
            }
        }
        if diff.isEmpty, redact(actual) == actual {
            return .fileError(
                message: "\(location.expectationPath) differs from the transcript only in invalid UTF-8 bytes")
        }
        if diff.isEmpty {
            return .fileError(
                message: "\(location.expectationPath) differs from the transcript only inside secret values")
        }
        return .mismatch(diff)
    }

    /// `data` with every CRLF replaced by LF.
    public static func normalizingLineEndings(_ data: Data) -> Data {
        guard data.contains(0x0D) else { return data }
        var out = Data(capacity: data.count)
        var previous: UInt8?
        for byte in data {
            if let last = previous { if !(last == 0x0D && byte == 0x0A) { out.append(last) } }
            previous = byte
        }
        if let previous { out.append(previous) }
        return out
    }
}

/// Progress of a test run, for a TTY display.
public enum TestProgress: Sendable, Hashable {
    /// The scenario at `index` (of `total`, in sorted order) started.
    case started(name: String, index: Int, total: Int)
    /// A scenario finished; `completed` of `total` are done.
    case finished(ScenarioResult, completed: Int, total: Int)
}

/// Serializes progress callbacks and counts completions: every callback runs under the lock
/// around `completed`.
private final class ProgressReporter: Sendable {
    private let callback: (@Sendable (TestProgress) -> Void)?
    private let completed = Locked(0)

    init(callback: (@Sendable (TestProgress) -> Void)?) {
        self.callback = callback
    }

    func report(_ event: () -> TestProgress) {
        guard let callback else { return }
        completed.withLock { _ in callback(event()) }
    }

    func finished(_ result: ScenarioResult, total: Int) {
        completed.withLock { completed in
            completed += 1
            callback?(.finished(result, completed: completed, total: total))
        }
    }
}
