import LocSimSimulation
import LocSimSupport

/// The progress line of `locsim record` on a terminal: virtual time and events so far, redrawn
/// in place on stderr and erased before the report. Absent when stderr is not a terminal.
final class RecordProgressLine: Sendable {
    private let output: any TextOutput
    private let name: String
    private let events = Locked(0)

    init?(output: any TextOutput, name: String) {
        guard output.isTerminal else { return nil }
        self.output = output
        self.name = name
    }

    /// Redraws the line after `line` was posted.
    func show(_ line: TranscriptLine) {
        let count = events.withLock { count in
            count += 1
            return count
        }
        let text = "recording \(name): t = \(Int(line.t)) s, \(count) events, last \(line.notification.name.rawValue)"
        output.write(.clearLine + "\(text.prefix(79))")
        output.flush()
    }

    /// Erases the line.
    func clear() {
        output.write(.clearLine)
        output.flush()
    }
}
