package import Foundation

/// Golden files: a test's output compared byte for byte with a committed file, for every test
/// target (help texts, transcripts, exports, maps, the generated recordings).
///
/// One switch rewrites them all: `LOCSIM_WRITE_GOLDENS=1` (ignored when `CI` is set). A golden
/// rewritten is reported as a problem, like a mismatch, so a run that rewrites goldens fails and
/// can never be taken for a passing one: review the diff, then run again without the switch.
package enum GoldenFile {
    /// The environment variable that rewrites goldens instead of comparing them.
    package static let switchName = "LOCSIM_WRITE_GOLDENS"

    /// Whether this run rewrites goldens: the switch is `1` and `CI` is unset or empty.
    package static func isWriting(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[switchName] == "1" && (environment["CI"] ?? "").isEmpty
    }

    /// `nil` when `actual` is the golden at `url`, byte for byte; else what is wrong (missing, or
    /// the first line that differs) and how to re-bless with `filter` (a `swift test --filter`).
    /// When this run rewrites goldens, writes `actual` there first (creating its directory) and
    /// says that it did, whether or not it changed.
    package static func problem(
        _ actual: Data, golden url: URL, filter: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let rebless = "re-bless: \(switchName)=1 swift test --filter \(filter)"
        if isWriting(environment) {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, options: .atomic)
            } catch {
                return "cannot write the golden \(url.path): \(error)"
            }
            return "wrote the golden \(url.path) (\(switchName)=1): this run checks nothing; run again without it"
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            return "no golden \(url.path); \(rebless)"
        }
        guard actual != expected else { return nil }
        return "\(url.path) differs from the output\(firstDifference(actual, expected))\n\(rebless)"
    }

    /// ``problem(_:golden:filter:environment:)`` for text, as UTF-8.
    package static func problem(
        _ actual: String, golden url: URL, filter: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        problem(Data(actual.utf8), golden: url, filter: filter, environment: environment)
    }

    /// ` at line N:`, then `- golden line` and `+ output line` (each cut to 300 characters); empty for
    /// data that is not UTF-8.
    static func firstDifference(_ actual: Data, _ expected: Data) -> String {
        guard let actualText = String(data: actual, encoding: .utf8),
            let expectedText = String(data: expected, encoding: .utf8)
        else { return "" }
        let got = actualText.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        let wanted = line < want.count ? String(want[line].prefix(300)) : "<end of file>"
        let gotten = line < got.count ? String(got[line].prefix(300)) : "<end of file>"
        return " at line \(line + 1):\n- \(wanted)\n+ \(gotten)"
    }
}
