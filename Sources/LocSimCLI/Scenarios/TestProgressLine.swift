import LocSimScenarioHarness
import LocSimSupport

/// The one-line progress display of `locsim test` on a terminal: `[3/12] franklin-la`, redrawn
/// in place on stderr and erased before the report is printed. Absent when stderr is not a
/// terminal (logs and CI get the report only).
final class TestProgressLine: Sendable {
    private let output: any TextOutput

    /// A display on `output`, or `nil` when it is not a terminal.
    init?(output: any TextOutput) {
        guard output.isTerminal else { return nil }
        self.output = output
    }

    /// Redraws the line for `event`.
    func show(_ event: TestProgress) {
        switch event {
        case .started(let name, _, let total):
            draw("[running \(name), \(total) selected]")
        case .finished(let result, let completed, let total):
            draw("[\(completed)/\(total)] \(result.passed ? "passed" : "FAILED") \(result.name)")
        }
    }

    /// Erases the line.
    func clear() {
        draw("")
        output.flush()
    }

    private func draw(_ text: String) {
        output.write(.clearLine + "\(text.prefix(79))")
        output.flush()
    }
}
