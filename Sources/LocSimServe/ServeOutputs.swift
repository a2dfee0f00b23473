/// Where a server's lines go, none of which it ever waits for: human-readable lines
/// (``ServeOptions/report``, standard error in the CLI) and request lines (the same, or
/// ``ServeOptions/jsonLog``, the `--log` file, with its own writer and a larger backlog so that a
/// file that keeps up keeps every line). Lines an output does not take in time are dropped and
/// counted (``droppedLines``, in `/__locsim/health`).
final class ServeOutputs: Sendable {
    /// Human-readable lines: misses, rejections, cassette writes, and request lines without `--log`.
    let reportLines: LineSink
    /// Request lines: ``reportLines`` itself, or the `--log` file's own sink.
    let requestLines: LineSink
    /// Whether request lines are JSON (`--log`) rather than text.
    let isJSON: Bool

    init(options: ServeOptions) {
        let report = options.report
        let reportLines = LineSink(
            droppedNote: { "locsim serve: \($0) line(s) dropped: standard error was not being read" },
            write: { report($0) })
        self.reportLines = reportLines
        if let jsonLog = options.jsonLog {
            requestLines = LineSink(
                capacityBytes: options.limits.maxLogBacklogBytes,
                droppedNote: { #"{"dropped_lines":\#($0)}"# }, write: { jsonLog($0) })
            isJSON = true
        } else {
            requestLines = reportLines
            isJSON = false
        }
    }

    /// Queues a human-readable line (never waits for the output).
    func report(_ line: String) {
        reportLines.append(line)
    }

    /// Lines dropped so far because their output was not taking them.
    var droppedLines: Int {
        reportLines.droppedLines + (requestLines === reportLines ? 0 : requestLines.droppedLines)
    }

    /// Writes what is queued, waiting a few seconds at most for an output nobody reads.
    func drain() {
        if requestLines !== reportLines { requestLines.drain() }
        reportLines.drain()
    }
}
