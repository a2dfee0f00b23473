/// The results of a test run and everything the CLI prints or writes about them.
public struct TestReport: Sendable, Hashable {
    /// One result per selected folder, sorted by name (whatever order they finished in).
    public var results: [ScenarioResult]
    /// Seconds the whole run took, by the runner's clock.
    public var duration: Double
    /// Whether ``output`` carries GitHub `::error` annotations.
    public var githubActions: Bool

    public init(results: [ScenarioResult], duration: Double, githubActions: Bool) {
        self.results = results
        self.duration = duration
        self.githubActions = githubActions
    }

    /// How many passed (including expectations written under `--update`).
    public var passedCount: Int { results.count(where: \.passed) }
    /// How many failed.
    public var failedCount: Int { results.count - passedCount }

    /// `N passed, N failed`: the last line of ``output`` (CI tools read it).
    public var summaryLine: String { "\(passedCount) passed, \(failedCount) failed" }

    /// 0 when everything passed, else 1.
    public var exitCode: Int32 { failedCount == 0 ? 0 : 1 }

    /// The text for stdout: a block per result in sorted order, then ``summaryLine``; every line
    /// ends in a newline.
    public var output: String {
        var out = ""
        for result in results {
            out += result.report
            if githubActions {
                for annotation in result.annotations { out += annotation.text + "\n" }
            }
        }
        return out + summaryLine + "\n"
    }

    /// The JUnit XML report.
    public var junitXML: String { JUnitReport.xml(for: self) }
}
