import LocSimHTTPRecording
import LocSimSupport

/// Passes requests through and tallies the ones no recording answers; ``report()`` prints them
/// once at the end of the run: each distinct request once with its count, its closest recorded
/// request and how it differs, then what was searched and the command that records them, with
/// files named as typed. The transcript's `provider_error` keeps only the report's first line.
final class ReportingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let diagnostics: Diagnostics
    private let paths: DisplayPaths
    private let misses = Locked(MissTally())

    init(base: any HTTPClient, diagnostics: Diagnostics, paths: DisplayPaths) {
        self.base = base
        self.diagnostics = diagnostics
        self.paths = paths
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            throw tallied(error)
        }
    }

    func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        do {
            return try await base.response(for: request)
        } catch {
            throw tallied(error)
        }
    }

    /// `error`, after tallying it when no recording answered.
    private func tallied(_ error: HTTPClientError) -> HTTPClientError {
        if case .notRecorded(let message) = error {
            let text = paths.display(message)
            misses.withLock { $0.add(text) }
        }
        return error
    }

    /// Prints the tallied misses as one warning (nothing when every request was answered).
    func report() {
        let text = misses.withLock { tally in
            defer { tally = MissTally() }
            return tally.text
        }
        if let text { diagnostics.warning(TerminalText(lines: text)) }
    }
}

/// Unmatched-request reports grouped by request, in the order first seen.
struct MissTally: Sendable {
    /// Distinct requests shown in full; the rest are counted.
    static let shownLimit = 8

    private struct Miss: Sendable {
        var request: String
        var details: [String]
        var count: Int
    }

    private var misses: [Miss] = []
    private var index: [String: Int] = [:]
    private var searched: String?
    private var recordCommand: String?

    /// Adds one report (``UnmatchedRequestReport``'s text: the request line, then `  searched:`,
    /// `  closest:`, `  differs:` and `  to record it:` lines).
    mutating func add(_ report: String) {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prefix = "no recorded interaction answers "
        let request = lines.first.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 } ?? report
        var details: [String] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("  searched: ") {
                searched = String(line.dropFirst("  searched: ".count))
            } else if line.hasPrefix("  to record it: ") {
                recordCommand = String(line.dropFirst("  to record it: ".count))
            } else if !line.isEmpty {
                details.append(line.trimmingPrefix("  ").description)
            }
        }
        if let at = index[request] {
            misses[at].count += 1
        } else {
            index[request] = misses.count
            misses.append(Miss(request: request, details: details, count: 1))
        }
    }

    /// The warning's text, or `nil` when nothing missed.
    var text: String? {
        guard !misses.isEmpty else { return nil }
        let total = misses.reduce(0) { $0 + $1.count }
        let distinct = misses.count == total ? "" : " (\(misses.count) distinct)"
        var lines = [
            total == 1
                ? "no recorded interaction answers 1 request:"
                : "no recorded interaction answers \(total) requests\(distinct):"
        ]
        for miss in misses.prefix(Self.shownLimit) {
            lines.append("  \(miss.count)× \(miss.request)")
            lines += miss.details.map { "      " + $0 }
        }
        if misses.count > Self.shownLimit {
            let rest = misses.dropFirst(Self.shownLimit)
            let count = rest.reduce(0) { $0 + $1.count }
            lines.append("  … and \(rest.count) more distinct request(s), \(count) in all")
        }
        if let searched { lines.append("  searched: \(searched)") }
        if let recordCommand { lines.append("  to record \(total == 1 ? "it" : "them"): \(recordCommand)") }
        return lines.joined(separator: "\n")
    }
}
