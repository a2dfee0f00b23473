import LocSimCanonicalJSON
import LocSimSupport

/// `--realtime [--rate X]`: holds each event back until the wall clock has caught up with its
/// virtual time divided by the rate. The only place locsim sleeps.
final class RealtimePacer {
    /// The longest single sleep while a progress line is shown, so it keeps moving between events.
    static let progressTick: Duration = .milliseconds(250)

    private let clock: any WallClock
    private let rate: Double
    private let start: Duration
    private let progress: ProgressLine?

    /// A pacer started now; with `progress` it shows the virtual time while it waits.
    init(clock: any WallClock, rate: Double, progress: ProgressLine? = nil) {
        self.clock = clock
        self.rate = rate
        self.start = clock.now()
        self.progress = progress
    }

    /// Sleeps until `t / rate` seconds have passed since the pacer started.
    func wait(until t: Double) {
        let due = start + .nanoseconds(Int64((t / rate * 1e9).rounded()))
        while true {
            let now = clock.now()
            guard due > now else { return }
            var step = due - now
            if let progress {
                progress.show(virtualTime: (now - start).inSeconds * rate, rate: rate)
                step = min(step, Self.progressTick)
            }
            clock.sleep(for: step)
        }
    }
}

/// The `--realtime` progress line on a terminal's stderr: one line redrawn in place, and cleared
/// before each transcript line so the two never mix on screen.
final class ProgressLine {
    private let output: any TextOutput
    private let label: String
    private let total: Double?
    private var isShown = false

    /// A line for `label`; with `total` (the run's virtual seconds) it shows the share and an ETA.
    init(output: any TextOutput, label: String, total: Double? = nil) {
        self.output = output
        self.label = label
        self.total = total.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The line's text: `label: 38.2 s virtual (×10)`, or with a total
    /// `label: 38.2 / 219.0 s virtual (×10), ETA 18 s`.
    func text(virtualTime: Double, rate: Double) -> String {
        let rateText = rate == rate.rounded() && rate < 1e9 ? String(Int(rate)) : String(rate)
        guard let total else { return "\(label): \(formatFixed(virtualTime, decimals: 1)) s virtual (×\(rateText))" }
        let shown = min(virtualTime, total)
        let eta = Int(((total - shown) / rate).rounded(.up))
        return "\(label): \(formatFixed(shown, decimals: 1)) / \(formatFixed(total, decimals: 1)) s virtual "
            + "(×\(rateText)), ETA \(eta) s"
    }

    /// Redraws the line (see ``text(virtualTime:rate:)``).
    func show(virtualTime: Double, rate: Double) {
        output.write(.clearLine + "\(text(virtualTime: virtualTime, rate: rate))")
        output.flush()
        isShown = true
    }

    /// Removes the line, if shown.
    func clear() {
        guard isShown else { return }
        output.write(.clearLine)
        output.flush()
        isShown = false
    }
}
