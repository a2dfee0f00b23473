import LocSimSupport

/// A run's unmatched-request reports grouped by request, in the order first seen: the one
/// warning `locsim replay` prints at the end of a run (each distinct request once with its
/// count and the first report's closest recording, then what was searched and the command
/// that records them).
package struct MissTally: Sendable {
    /// Distinct requests shown in full; the rest are counted.
    package static let shownLimit = 8

    private struct Group: Sendable {
        var report: UnmatchedRequestReport
        var count: Int
    }

    private var groups: [Group] = []
    private var index: [String: Int] = [:]

    package init() {}

    /// The tally of `reports` (a session's ``RecordingSession/misses``).
    package init(_ reports: some Sequence<UnmatchedRequestReport>) {
        for report in reports { add(report) }
    }

    /// Counts `report` under its request (method and URL).
    package mutating func add(_ report: UnmatchedRequestReport) {
        let key = report.request.method + " " + report.shownURL
        if let at = index[key] {
            groups[at].count += 1
        } else {
            index[key] = groups.count
            groups.append(Group(report: report, count: 1))
        }
    }

    /// How many requests missed.
    package var total: Int { groups.reduce(0) { $0 + $1.count } }

    /// The warning's text, or `nil` when nothing missed. `display` maps the paths a report
    /// names (the cassettes searched, the closest one's file) to how the user typed them; every
    /// line is escaped for a terminal.
    package func text(display: (String) -> String = { $0 }) -> String? {
        guard let last = groups.last?.report else { return nil }
        let total = self.total
        let distinct = groups.count == total ? "" : " (\(groups.count) distinct)"
        var lines = [
            total == 1
                ? "no recorded interaction answers 1 request:"
                : "no recorded interaction answers \(total) requests\(distinct):"
        ]
        for group in groups.prefix(Self.shownLimit) {
            lines.append("  \(group.count)× \(group.report.request.method) \(group.report.shownURL)")
            lines += group.report.detailLines.map { "      " + display($0) }
        }
        if groups.count > Self.shownLimit {
            let rest = groups.dropFirst(Self.shownLimit)
            let count = rest.reduce(0) { $0 + $1.count }
            lines.append("  … and \(rest.count) more distinct request(s), \(count) in all")
        }
        lines.append("  searched: \(display(last.searched))")
        lines.append("  to record \(total == 1 ? "it" : "them"): \(display(last.recordCommand))")
        return lines.map { TerminalEscaping.escape($0) }.joined(separator: "\n")
    }
}
